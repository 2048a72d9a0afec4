// Before/after of the cached same-cookie read: packages/core/dist-before (a copy of the build
// before a change: `cp -r packages/core/dist packages/core/dist-before`, then change and rebuild)
// beside packages/core/dist, interleaved, with and without a revocation-checked `gatehouse.sid`.
// Not part of `npm run bench`: `node bench/cached-read-ab.mjs` (COUNT, ROUNDS in the environment).
import { Auth as AuthAfter } from "../packages/core/dist/index.js"
import { encode as encodeAfter } from "../packages/core/dist/jwt.js"
import { Auth as AuthBefore } from "../packages/core/dist-before/index.js"
import { compare, roundSpread } from "./measure.mjs"

const secret = "bench-secret-bench-secret-bench-secret-0123"
const origin = "http://localhost:3000"
const salt = "authjs.session-token"
const count = Number(process.env.COUNT ?? 4000)
const rounds = Number(process.env.ROUNDS ?? 7)
const request = (cookie) => new Request(`${origin}/auth/session`, { headers: { cookie: `${salt}=${cookie}` } })

// An in-memory adapter that manages sessions: every recorded sid is there.
const managing = () => ({
  getSessionAndUser: async (sid) => ({
    session: { sessionToken: sid, userId: "1", expires: new Date(Date.now() + 1e9) },
    user: { id: "1", email: "u@example.test", emailVerified: null },
  }),
  listSessionsByUserId: async () => [],
  deleteSessionsByUserId: async () => 0,
  getUser: async () => null,
})
const plain = { secret, trustHost: true, basePath: "/auth", providers: [] }
const withSid = { ...plain, session: { strategy: "jwt", revocationCheckInterval: 60 } }
const cookiePlain = await encodeAfter({ token: { name: "Demo", email: "demo@example.test", sub: "1" }, secret, salt })
const cookieSid = await encodeAfter({
  token: { name: "Demo", email: "demo@example.test", sub: "1", "gatehouse.sid": "ab".repeat(16) },
  secret,
  salt,
})

const cases = [
  ["cached cookie, no adapter", plain, cookiePlain],
  ["cached cookie with sid, managing adapter", withSid, cookieSid],
]
console.error = () => {}
for (const [name, config, cookie] of cases) {
  const before = { ...config, ...(config.session ? { adapter: managing() } : {}) }
  const after = { ...config, ...(config.session ? { adapter: managing() } : {}) }
  const a = await (await AuthBefore(request(cookie), before)).json()
  const b = await (await AuthAfter(request(cookie), after)).json()
  if (JSON.stringify(a) !== JSON.stringify(b) || !b?.user)
    throw new Error(`${name}: answers differ ${JSON.stringify(a)} ${JSON.stringify(b)}`)
  for (const inFlight of [1, 16]) {
    const r = await compare(
      {
        after: () => AuthAfter(request(cookie), after).then((x) => x.arrayBuffer()),
        before: () => AuthBefore(request(cookie), before).then((x) => x.arrayBuffer()),
      },
      { count, inFlight, rounds },
    )
    console.log(
      `${name.padEnd(42)} ${String(inFlight).padStart(2)} in flight: after/before ${(r.after / r.before).toFixed(3)}× ` +
        `(${r.after.toFixed(0)}/s vs ${r.before.toFixed(0)}/s; ${roundSpread(r.details.roundRatios)}; CPU ${r.details.after.cpuMicros.toFixed(1)} vs ${r.details.before.cpuMicros.toFixed(1)} µs)`,
    )
  }
}
