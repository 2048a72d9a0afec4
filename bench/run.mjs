// `npm run bench`: Gatehouse beside the real @auth/core, same config, same process, interleaved.
// Every case first checks that both sides answer correctly; then prints throughput and ratios.
import { writeFileSync, mkdirSync } from "node:fs"
import os from "node:os"
import { Auth as GatehouseAuth } from "@gatehouse/core"
import GatehouseCredentials from "@gatehouse/core/providers/credentials"
import { encode as gatehouseEncode } from "@gatehouse/core/jwt"
import { Auth as AuthjsAuth } from "@auth/core"
import AuthjsCredentials from "@auth/core/providers/credentials"
import { compare, roundSpread } from "./measure.mjs"
import { benchSecret, credentialsSignIn, demoCredentialsConfig, demoUser } from "./credentials-sign-in.mjs"
import { benchDatabaseSessions } from "./database.mjs"
import { benchCookieSessions } from "./jwt-vs-better-auth.mjs"
import { benchSessionRevocation } from "./session-revocation.mjs"
import { coldImport } from "./cold-import.mjs"
import { installedSize } from "./installed-size.mjs"
import { rssAfterLookups } from "./memory.mjs"

const secret = benchSecret
const origin = "http://localhost:3000"
const salt = "authjs.session-token"
const quick = process.argv.includes("--quick")
// `--only <text>`: run just the sections whose name contains the text (e.g. --only sign-in).
const onlyIndex = process.argv.indexOf("--only")
const only = onlyIndex === -1 ? undefined : process.argv[onlyIndex + 1]
const selected = (name) => !only || name.includes(only)
const count = quick ? 300 : 2000

const sides = {
  gatehouse: { Auth: GatehouseAuth, config: demoCredentialsConfig(GatehouseCredentials) },
  "@auth/core": { Auth: AuthjsAuth, config: demoCredentialsConfig(AuthjsCredentials) },
}

const users = 4000
const cookies = await Promise.all(
  Array.from({ length: users }, (_, i) =>
    gatehouseEncode({ token: { name: `User ${i}`, email: `user${i}@example.test`, sub: String(i) }, secret, salt }),
  ),
)
// Each valid cookie with one character of its authentication tag changed: well-formed, distinct,
// and refused only once the MAC has been computed.
const tamperedCookies = cookies.map((cookie) => {
  const at = cookie.length - 20
  return cookie.slice(0, at) + (cookie[at] === "A" ? "B" : "A") + cookie.slice(at + 1)
})
/** Walks the cookies in turn across calls and rounds, so that no cache can serve a repeat. */
const inTurn = (list) => {
  let next = 0
  return () => list[next++ % list.length]
}
const sessionRequest = (cookie) => new Request(`${origin}/auth/session`, { headers: cookie ? { cookie: `${salt}=${cookie}` } : {} })

const signinPageRequest = () =>
  new Request(`${origin}/auth/signin`, { headers: { "accept-language": "de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7" } })

const cases = [
  {
    name: "GET /session, valid JWT, one cookie",
    check: async (side) => (await (await side.Auth(sessionRequest(cookies[0]), side.config)).json())?.user?.email === "user0@example.test",
    op: (side) => () => side.Auth(sessionRequest(cookies[0]), side.config).then((r) => r.arrayBuffer()),
  },
  {
    name: `GET /session, valid JWT, ${users} distinct cookies in turn`,
    check: async (side) => (await (await side.Auth(sessionRequest(cookies[7]), side.config)).json())?.user?.email === "user7@example.test",
    op: (side) => {
      const cookie = inTurn(cookies)
      return () => side.Auth(sessionRequest(cookie()), side.config).then((r) => r.arrayBuffer())
    },
  },
  {
    name: `GET /session, ${users} distinct tampered cookies in turn`,
    check: async (side) => (await (await side.Auth(sessionRequest(tamperedCookies[7]), side.config)).json()) === null,
    op: (side) => {
      const cookie = inTurn(tamperedCookies)
      return () => side.Auth(sessionRequest(cookie()), side.config).then((r) => r.arrayBuffer())
    },
  },
  {
    name: "GET /session, no cookie",
    check: async (side) => (await (await side.Auth(sessionRequest(), side.config)).json()) === null,
    op: (side) => () => side.Auth(sessionRequest(), side.config).then((r) => r.arrayBuffer()),
  },
  {
    // Gatehouse renders it in German (Accept-Language), Auth.js in English: the page's whole cost, language choice included.
    name: "GET /signin page, Accept-Language: de-DE",
    check: async (side) => (await (await side.Auth(signinPageRequest(), side.config)).text()).includes("/auth/callback/credentials"),
    op: (side) => () => side.Auth(signinPageRequest(), side.config).then((r) => r.arrayBuffer()),
  },
  {
    name: "credentials sign-in (GET /csrf + POST /callback/credentials)",
    check: async (side) => {
      const response = await credentialsSignIn(side.Auth, side.config, { origin, fields: demoUser })
      return response.status === 302 && response.headers.getSetCookie().some((c) => c.includes("session-token="))
    },
    op: (side) => () => credentialsSignIn(side.Auth, side.config, { origin, fields: demoUser }),
    count: Math.ceil(count / 2),
  },
]

// Silence @auth/core's logging of the tampered-cookie case (both sides log it; it is not measured).
console.error = () => {}
console.warn = () => {}

const rows = []
for (const benchCase of cases.filter((c) => selected(c.name))) {
  for (const [name, side] of Object.entries(sides)) {
    if (!(await benchCase.check(side))) throw new Error(`${name} answered "${benchCase.name}" incorrectly`)
  }
  for (const inFlight of [1, 16]) {
    const result = await compare(Object.fromEntries(Object.entries(sides).map(([name, side]) => [name, benchCase.op(side)])), {
      count: benchCase.count ?? count,
      inFlight,
      rounds: quick ? 3 : 7,
    })
    const ratio = result.gatehouse / result["@auth/core"]
    const { details } = result
    rows.push({
      case: benchCase.name,
      inFlight,
      gatehouse: result.gatehouse,
      authjs: result["@auth/core"],
      ratio,
      roundRatios: details.roundRatios,
      cpuMicros: { gatehouse: details.gatehouse.cpuMicros, authjs: details["@auth/core"].cpuMicros },
    })
    console.log(
      `${benchCase.name.padEnd(62)} in flight ${String(inFlight).padStart(2)}: ` +
        `${ratio.toFixed(2)}×  (gatehouse ${result.gatehouse.toFixed(0)}/s, @auth/core ${result["@auth/core"].toFixed(0)}/s; ` +
        `${roundSpread(details.roundRatios)}; CPU ${details.gatehouse.cpuMicros.toFixed(0)} vs ${details["@auth/core"].cpuMicros.toFixed(0)} µs)`,
    )
  }
}

// The request itself is the floor: how much a first decryption adds to a read without a cookie.
// Both Gatehouse reads are measured in one interleaved comparison, so that the machine's load
// hits them alike (taken from the rows above, they would be minutes apart).
if (selected("GET /session, no cookie ÷ distinct")) {
  // Cookies this process has not decoded yet: none can be in the decoded-token cache from the cases above.
  const freshCookies = await Promise.all(
    Array.from({ length: users }, (_, i) =>
      gatehouseEncode({
        token: { name: `User ${users + i}`, email: `user${users + i}@example.test`, sub: String(users + i) },
        secret,
        salt,
      }),
    ),
  )
  const own = {
    "no cookie": () => GatehouseAuth(sessionRequest(), sides.gatehouse.config).then((r) => r.arrayBuffer()),
    "distinct cookies": (() => {
      const cookie = inTurn(freshCookies)
      return () => GatehouseAuth(sessionRequest(cookie()), sides.gatehouse.config).then((r) => r.arrayBuffer())
    })(),
  }
  for (const inFlight of [1, 16]) {
    const result = await compare(own, { count, inFlight, rounds: quick ? 3 : 7 })
    const ratio = result["no cookie"] / result["distinct cookies"]
    const cpu = { none: result.details["no cookie"].cpuMicros, distinct: result.details["distinct cookies"].cpuMicros }
    rows.push({
      case: "gatehouse: no-cookie read / distinct-cookie read",
      inFlight,
      ratio,
      roundRatios: result.details.roundRatios,
      cpuMicros: cpu,
    })
    console.log(
      `${"GET /session, no cookie ÷ distinct cookies (gatehouse, ≤ 2.5)".padEnd(62)} in flight ${String(inFlight).padStart(2)}: ` +
        `${ratio.toFixed(2)}×  (${roundSpread(result.details.roundRatios)}; CPU ${cpu.distinct.toFixed(0)} vs ${cpu.none.toFixed(0)} µs = ${(cpu.distinct / cpu.none).toFixed(2)}×)`,
    )
  }
}

// Database lookups are slower per call (a database round trip): half the count keeps the run short.
if (["SQLite file", "PostgreSQL"].some((name) => selected(`GET /session, database, ${name}`))) {
  rows.push(...(await benchDatabaseSessions({ count: Math.ceil(count / 2), rounds: quick ? 3 : 7, only })))
}

if (selected("revocation")) rows.push(...(await benchSessionRevocation({ count, rounds: quick ? 3 : 7 })))

if (selected("cookie session")) rows.push(...(await benchCookieSessions({ count, rounds: quick ? 3 : 7 })))

// Start-up, footprint and memory: absolute figures beside @auth/core's.
let startup
if (selected("startup")) {
  const cold = coldImport(["@gatehouse/core", "@auth/core"], quick ? 6 : 15)
  const overBare = (name) => cold[name] - cold.bare
  console.log(
    `cold import (fresh process, median)${" ".repeat(27)}: gatehouse +${overBare("@gatehouse/core").toFixed(1)} ms, @auth/core +${overBare("@auth/core").toFixed(1)} ms over bare node (${cold.bare.toFixed(1)} ms)`,
  )
  const size = Object.fromEntries(["@gatehouse/core", "@auth/core"].map((name) => [name, installedSize(name) / 2 ** 20]))
  console.log(
    `installed size with dependencies${" ".repeat(30)}: gatehouse ${size["@gatehouse/core"].toFixed(2)} MiB, @auth/core ${size["@auth/core"].toFixed(2)} MiB`,
  )
  const lookups = quick ? 20_000 : 100_000
  const memory = Object.fromEntries(["gatehouse", "@auth/core"].map((side) => [side, rssAfterLookups(side, lookups).samples]))
  const describeRss = (samples) => `RSS ${samples[1][1]} → ${samples.at(-1)[1]} MiB (JS heap ${samples[1][2]} → ${samples.at(-1)[2]} MiB)`
  console.log(
    `RSS over ${lookups} session lookups (after warm-up → end)${" ".repeat(14)}: gatehouse ${describeRss(memory.gatehouse)}, @auth/core ${describeRss(memory["@auth/core"])}`,
  )
  startup = { coldImportMs: cold, installedMiB: size, rss: memory }
}

mkdirSync(new URL("./results/", import.meta.url), { recursive: true })
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}`
writeFileSync(
  new URL("./results/latest.json", import.meta.url),
  JSON.stringify({ date: new Date().toISOString(), machine, rows, startup }, null, 2),
)
