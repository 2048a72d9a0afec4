// Cookie-held sessions: Gatehouse's JWT session beside better-auth's get-session with its cookie
// cache (a signed session cookie read without touching the database), both for many users.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import { betterAuth } from "better-auth"
import { getMigrations } from "better-auth/db/migration"
import { Auth } from "@gatehouse/core"
import Credentials from "@gatehouse/core/providers/credentials"
import { encode } from "@gatehouse/core/jwt"
import { compare } from "./measure.mjs"

const origin = "http://localhost:3000"
const secret = "bench-secret-bench-secret-bench-secret-0123"
const users = 500

async function betterAuthSide(folder) {
  const db = new Database(join(folder, "better-auth.db"))
  db.pragma("journal_mode = WAL")
  const options = {
    database: db,
    secret,
    baseURL: origin,
    emailAndPassword: { enabled: true, password: { hash: async (p) => p, verify: async ({ hash, password }) => hash === password } },
    session: { cookieCache: { enabled: true, maxAge: 300 } },
    rateLimit: { enabled: false },
    logger: { disabled: true },
  }
  await (await getMigrations(options)).runMigrations()
  const auth = betterAuth(options)
  const cookies = []
  for (let i = 0; i < users; i++) {
    const response = await auth.handler(
      new Request(`${origin}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: `user${i}@example.test`, password: "bench-password", name: `User ${i}` }),
      }),
    )
    cookies.push(
      response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    )
  }
  if (!cookies[0].includes("session_data")) throw new Error("better-auth did not set its cookie cache")
  return {
    read: (i) => auth.handler(new Request(`${origin}/api/auth/get-session`, { headers: { cookie: cookies[i % users] } })),
    close: () => db.close(),
  }
}

async function gatehouseSide() {
  const config = { secret, trustHost: true, providers: [Credentials({ authorize: () => null })] }
  const tokens = await Promise.all(
    Array.from({ length: users }, (_, i) =>
      encode({ token: { name: `User ${i}`, email: `user${i}@example.test`, sub: `${i}` }, secret, salt: "authjs.session-token" }),
    ),
  )
  return {
    read: (i) => Auth(new Request(`${origin}/auth/session`, { headers: { cookie: `authjs.session-token=${tokens[i % users]}` } }), config),
  }
}

/** Rows of { case, inFlight, gatehouse, peer, peerName, ratio } after checking both answer user 7. */
export async function benchCookieSessions({ count, rounds }) {
  const folder = mkdtempSync(join(tmpdir(), "gatehouse-bench-cookie-"))
  const sides = { gatehouse: await gatehouseSide(), "better-auth": await betterAuthSide(folder) }
  try {
    for (const [name, side] of Object.entries(sides)) {
      const body = await (await side.read(7)).json()
      if (body?.user?.email !== "user7@example.test") throw new Error(`${name} did not return user 7's session`)
    }
    const rows = []
    for (const inFlight of [1, 16]) {
      const ops = Object.fromEntries(Object.entries(sides).map(([n, s]) => [n, (i) => s.read(i).then((r) => r.arrayBuffer())]))
      const result = await compare(ops, { count, inFlight, rounds })
      const ratio = result.gatehouse / result["better-auth"]
      const name = `GET /session, cookie session, ${users} users (vs better-auth cookie cache)`
      rows.push({ case: name, inFlight, gatehouse: result.gatehouse, peer: result["better-auth"], peerName: "better-auth", ratio })
      console.log(
        `${name.padEnd(62)} in flight ${String(inFlight).padStart(2)}: ${ratio.toFixed(2)}×  (gatehouse ${result.gatehouse.toFixed(0)}/s, better-auth ${result["better-auth"].toFixed(0)}/s)`,
      )
    }
    return rows
  } finally {
    sides["better-auth"].close()
    rmSync(folder, { recursive: true, force: true })
  }
}
