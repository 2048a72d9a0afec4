// The server of the limiter flood scenario (limiter-flood.mjs): `Auth` with the rate limiter on,
// its default memory store (capacity MAX_KEYS), client addresses from x-real-ip, and a
// credentials provider that never needs a database. The store is wrapped to time each of its
// `hit` calls: that is the limiter's own work under a flood of new keys (the memory store answers
// synchronously, so the time is CPU, not waiting). The store starts full (see the prefill). Listens on 127.0.0.1; first stdout line is
// `{"port": N}`. GET /__limiter reports the timings, the store's size and the answers by status.
import { createServer } from "node:http"
import { Auth } from "@gatehouse/core"
import Credentials from "@gatehouse/core/providers/credentials"
import { memoryRateLimitStore } from "@gatehouse/core/ratelimit"
import { sendWebResponse, toWebRequest } from "../../examples/demo/node-request.mjs"

const maxKeys = Number(process.env.MAX_KEYS ?? 100_000)
const store = memoryRateLimitStore({ maxKeys })
// Full before the first request, as after a long flood: one counter in four a live lockout, the
// others within their limit. Every new key of the run then has to make room.
for (let i = 0; i < maxKeys; i++) {
  const locked = i % 4 === 0
  for (let n = 0; n < (locked ? 11 : 1); n++) store.hit(`prefill:${i}`, 600_000, 10)
}
/** Microseconds per store hit, and per sign-in attempt (its hits added up). */
const hitMicros = []
const statuses = {}
let timedSum = 0

const timedStore = {
  hit(key, windowMs, limit) {
    const started = performance.now()
    const result = store.hit(key, windowMs, limit)
    const micros = (performance.now() - started) * 1000
    hitMicros.push(micros)
    timedSum += micros
    return result
  },
}

const config = {
  secret: "limiter-flood-secret-limiter-flood-secret",
  trustHost: true,
  basePath: "/auth",
  providers: [
    Credentials({
      credentials: { username: {}, password: { type: "password" } },
      authorize: ({ username, password }) => (password === `pw-${username}` ? { id: String(username), name: String(username) } : null),
    }),
  ],
  rateLimit: { store: timedStore, ipHeader: "x-real-ip" },
  logger: { error() {}, warn() {}, debug() {} },
}

function percentile(sorted, p) {
  return sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] * 10) / 10 : 0
}

const server = createServer(async (req, res) => {
  const origin = `http://127.0.0.1:${server.address().port}`
  if (req.url === "/__limiter") {
    const sorted = Float64Array.from(hitMicros).sort()
    res.writeHead(200, { "content-type": "application/json" })
    res.end(
      JSON.stringify({
        hits: sorted.length,
        hitMicros: {
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          p999: percentile(sorted, 99.9),
          max: percentile(sorted, 100),
        },
        meanMicrosPerHit: sorted.length ? Math.round((timedSum / sorted.length) * 100) / 100 : 0,
        storeSize: store.size,
        statuses,
      }),
    )
    return
  }
  const response = await Auth(await toWebRequest(req, origin), config)
  if (req.url.startsWith("/auth/callback")) statuses[response.status] = (statuses[response.status] ?? 0) + 1
  await sendWebResponse(res, response)
})
server.keepAliveTimeout = 30_000
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: server.address().port })))
process.on("SIGTERM", () => {
  server.close()
  server.closeAllConnections?.()
  process.exit(0)
})
