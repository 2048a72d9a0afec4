// One kind of GET /session read, Gatehouse alone, for a CPU profile or a quick CPU-time figure:
//   node bench/profile-session-read.mjs <none|cached|distinct> [reads=40000] [inFlight=1]
//   node --cpu-prof --cpu-prof-dir=/tmp/profile bench/profile-session-read.mjs distinct
// none: no cookie; cached: one cookie read again and again; distinct: 4 000 cookies in turn.
import { Auth } from "@gatehouse/core"
import Credentials from "@gatehouse/core/providers/credentials"
import { encode } from "@gatehouse/core/jwt"

const secret = "bench-secret-bench-secret-bench-secret-0123"
const salt = "authjs.session-token"
const config = {
  secret,
  trustHost: true,
  basePath: "/auth",
  providers: [Credentials({ credentials: {}, authorize: () => null })],
}
const [kind = "distinct", readsArg = "40000", inFlightArg = "1"] = process.argv.slice(2)
if (!["none", "cached", "distinct"].includes(kind)) throw new Error(`unknown kind "${kind}": none, cached or distinct`)
const reads = Number(readsArg)
const inFlight = Number(inFlightArg)

const cookies = []
for (let i = 0; i < 4000; i++) {
  cookies.push(await encode({ token: { name: `User ${i}`, email: `user${i}@example.test`, sub: String(i) }, secret, salt }))
}
let next = 0
const cookieOf = { none: () => undefined, cached: () => cookies[0], distinct: () => cookies[next++ % cookies.length] }[kind]
const read = () => {
  const cookie = cookieOf()
  const request = new Request("http://localhost:3000/auth/session", { headers: cookie ? { cookie: `${salt}=${cookie}` } : {} })
  return Auth(request, config).then((response) => response.arrayBuffer())
}

// Warm-up, so that the profile shows the optimized code rather than the JIT at work.
for (let i = 0; i < 8000; i++) await read()
const cpuBefore = process.cpuUsage()
const start = performance.now()
let started = 0
await Promise.all(
  Array.from({ length: inFlight }, async () => {
    while (started++ < reads) await read()
  }),
)
const cpu = process.cpuUsage(cpuBefore)
console.log(
  `${kind}, ${inFlight} in flight: ${((cpu.user + cpu.system) / reads).toFixed(1)} µs CPU, ` +
    `${(((performance.now() - start) * 1000) / reads).toFixed(1)} µs wall per read`,
)
