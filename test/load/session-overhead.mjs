// What rate limiting costs GET /session (which it never limits): signed-in JWT session reads
// through `Auth` in this process, with the limiter on and off, in alternating rounds so that
// warm-up and GC fall on both alike. Prints the median time per read of each.
import { Auth } from "@gatehouse/core"
import Credentials from "@gatehouse/core/providers/credentials"

const base = "http://localhost:3000/auth"
const credentials = Credentials({
  credentials: { username: {}, password: {} },
  authorize: () => ({ id: "1", name: "Ada", email: "ada@example.test" }),
})
const quiet = { error() {}, warn() {}, debug() {} }
const configFor = (rateLimit) => ({
  secret: "overhead-secret-overhead-secret-000000",
  trustHost: true,
  providers: [credentials],
  logger: quiet,
  rateLimit,
})

async function sessionCookie(config) {
  const csrf = await Auth(new Request(`${base}/csrf`), config)
  const csrfCookie = csrf.headers.getSetCookie()[0].split(";")[0]
  const { csrfToken } = await csrf.json()
  const signIn = await Auth(
    new Request(`${base}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
      body: new URLSearchParams({ csrfToken, username: "ada", password: "x" }),
    }),
    config,
  )
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ")
}

export async function measureSessionOverhead({ rounds = 12, readsPerRound = 2000 } = {}) {
  const on = configFor({ ipHeader: "x-real-ip" })
  const off = configFor(false)
  const cookies = { on: await sessionCookie(on), off: await sessionCookie(off) }
  const times = { on: [], off: [] }
  for (let round = 0; round < rounds; round++) {
    for (const mode of round % 2 ? ["on", "off"] : ["off", "on"]) {
      const config = mode === "on" ? on : off
      const headers = { cookie: cookies[mode], "x-real-ip": "203.0.113.1" }
      const started = performance.now()
      for (let i = 0; i < readsPerRound; i++) await (await Auth(new Request(`${base}/session`, { headers }), config)).text()
      times[mode].push(((performance.now() - started) * 1000) / readsPerRound)
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
  const result = { microsecondsPerRead: { limiterOn: Math.round(median(times.on)), limiterOff: Math.round(median(times.off)) } }
  result.differencePercent =
    Math.round(
      ((result.microsecondsPerRead.limiterOn - result.microsecondsPerRead.limiterOff) / result.microsecondsPerRead.limiterOff) * 1000,
    ) / 10
  return result
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await measureSessionOverhead(), null, 2))
