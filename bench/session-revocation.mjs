// JWT session reads with revocation checks on beside the same reads with them off (issue 19):
//   on:  an adapter that manages sessions (SQLite file), tokens carrying `gatehouse.sid`, every
//        session recorded; `revocationCheckInterval` 60 s, so steady-state reads only consult the
//        in-process map of checks and make no database call
//   off: no adapter, the same tokens without the mark
// Same process, interleaved rounds, distinct cookies in turn (no cookie is read twice in a row).
// The goal: reads with revocation on within 10 % of reads with it off.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Auth } from "@gatehouse/core"
import { encode } from "@gatehouse/core/jwt"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { roundSpread, throughput } from "./measure.mjs"

const secret = "bench-secret-bench-secret-bench-secret-0123"
const origin = "http://localhost:3000"
const salt = "authjs.session-token"
const sessions = 1000
const maxAgeMs = 30 * 86_400_000

const request = (cookie) => new Request(`${origin}/auth/session`, { headers: { cookie: `${salt}=${cookie}` } })
const inTurn = (list) => {
  let next = 0
  return () => list[next++ % list.length]
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/**
 * The two sides measured back to back in every round (alternating which goes first), and the
 * median of the per-round ratios: on a busy machine the load drifts between rounds, and a ratio of
 * two runs a moment apart cancels more of it than a ratio of two medians.
 */
async function pairedRatio(sides, { count, inFlight, rounds }) {
  for (const op of Object.values(sides)) await throughput(op, Math.ceil(count / 4), inFlight)
  const ratios = []
  const rates = { on: [], off: [] }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["on", "off"] : ["off", "on"]
    const rate = {}
    for (const name of order) rate[name] = await throughput(sides[name], count, inFlight)
    ratios.push(rate.on / rate.off)
    rates.on.push(rate.on)
    rates.off.push(rate.off)
  }
  return { ratio: median(ratios), ratios, on: median(rates.on), off: median(rates.off) }
}

export async function benchSessionRevocation({ count, rounds }) {
  const folder = mkdtempSync(join(tmpdir(), "gatehouse-bench-revocation-"))
  try {
    const adapter = SQLiteAdapter(join(folder, "sessions.db"))
    const on = {
      secret,
      trustHost: true,
      basePath: "/auth",
      adapter,
      providers: [],
      session: { strategy: "jwt", revocationCheckInterval: 60 },
    }
    const off = { secret, trustHost: true, basePath: "/auth", providers: [], session: { strategy: "jwt" } }
    const marked = []
    const plain = []
    for (let i = 0; i < sessions; i++) {
      const user = await adapter.createUser({
        id: crypto.randomUUID(),
        name: `User ${i}`,
        email: `user${i}@example.test`,
        emailVerified: null,
      })
      const sid = crypto.randomUUID().replaceAll("-", "")
      await adapter.createSession({ sessionToken: sid, userId: user.id, expires: new Date(Date.now() + maxAgeMs) })
      const claims = { name: user.name, email: user.email, sub: user.id }
      marked.push(await encode({ token: { ...claims, "gatehouse.sid": sid }, secret, salt }))
      plain.push(await encode({ token: claims, secret, salt }))
    }
    // Correct answers first, on both sides; this also makes the one check per session that the
    // interval allows, so what is measured is the steady state.
    for (const [name, config, cookies] of [
      ["on", on, marked],
      ["off", off, plain],
    ]) {
      for (let i = 0; i < sessions; i++) {
        const body = await (await Auth(request(cookies[i]), config)).json()
        if (body?.user?.email !== `user${i}@example.test`) throw new Error(`revocation ${name} answered session ${i} incorrectly`)
      }
    }
    // And revocation is really on: session 0 revoked, a config that checks on every read refuses it.
    await adapter.deleteSessionsByUserId((await adapter.getUserByEmail("user0@example.test")).id)
    const everyRead = { ...on, session: { strategy: "jwt", revocationCheckInterval: 0 } }
    if ((await (await Auth(request(marked[0]), everyRead)).json()) !== null) throw new Error("a revoked session was still served")

    const rows = []
    for (const inFlight of [1, 16]) {
      const sides = {
        on: (() => {
          const cookie = inTurn(marked.slice(1))
          return () => Auth(request(cookie()), on).then((r) => r.arrayBuffer())
        })(),
        off: (() => {
          const cookie = inTurn(plain.slice(1))
          return () => Auth(request(cookie()), off).then((r) => r.arrayBuffer())
        })(),
      }
      // Rounds of a few thousand reads last a tenth of a second, short enough for one garbage
      // collection or scheduler hiccup to move a round's ratio by 20 %: four times as many reads
      // per round, and twice the rounds, keep the median steady.
      const result = await pairedRatio(sides, { count: count * 4, inFlight, rounds: rounds * 2 })
      const ratio = result.ratio
      rows.push({ case: "GET /session, JWT, revocation on / off", inFlight, on: result.on, off: result.off, ratio })
      console.log(
        `${"GET /session, JWT, revocation on ÷ off (goal ≥ 0.90)".padEnd(62)} in flight ${String(inFlight).padStart(2)}: ` +
          `${ratio.toFixed(2)}×  (on ${result.on.toFixed(0)}/s, off ${result.off.toFixed(0)}/s; ${roundSpread(result.ratios)})`,
      )
    }
    return rows
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
