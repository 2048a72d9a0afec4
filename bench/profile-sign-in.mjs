// Credentials sign-in (GET /csrf + POST /callback/credentials), Gatehouse alone, for a CPU profile
// or a quick CPU-time figure:
//   node bench/profile-sign-in.mjs [signIns=10000] [inFlight=1]
//   node --cpu-prof --cpu-prof-dir=/tmp/profile bench/profile-sign-in.mjs
import { Auth } from "@gatehouse/core"
import Credentials from "@gatehouse/core/providers/credentials"
import { credentialsSignIn, demoCredentialsConfig, demoUser } from "./credentials-sign-in.mjs"

const origin = "http://localhost:3000"
const config = demoCredentialsConfig(Credentials)
const [signInsArg = "10000", inFlightArg = "1"] = process.argv.slice(2)
const signIns = Number(signInsArg)
const inFlight = Number(inFlightArg)

async function signIn() {
  const response = await credentialsSignIn(Auth, config, { origin, fields: demoUser })
  if (response.status !== 302 || !response.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))) {
    throw new Error(`sign-in failed: ${response.status}`)
  }
  await response.arrayBuffer()
}

// Warm-up, so that the profile shows the optimized code rather than the JIT at work.
for (let i = 0; i < 3000; i++) await signIn()
const cpuBefore = process.cpuUsage()
const start = performance.now()
let started = 0
await Promise.all(
  Array.from({ length: inFlight }, async () => {
    while (started++ < signIns) await signIn()
  }),
)
const cpu = process.cpuUsage(cpuBefore)
console.log(
  `credentials sign-in, ${inFlight} in flight: ${((cpu.user + cpu.system) / signIns).toFixed(1)} µs CPU, ` +
    `${(((performance.now() - start) * 1000) / signIns).toFixed(1)} µs wall per sign-in`,
)
