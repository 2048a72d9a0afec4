import { Auth as GatehouseAuth } from "@gatehouse/core"
import GatehouseCredentials from "@gatehouse/core/providers/credentials"
import { encode } from "@gatehouse/core/jwt"
import { Auth as AuthjsAuth } from "@auth/core"
import AuthjsCredentials from "@auth/core/providers/credentials"

const [side, total] = [process.argv[2], Number(process.argv[3])]
const secret = "bench-secret-bench-secret-bench-secret-0123"
const Auth = side === "gatehouse" ? GatehouseAuth : AuthjsAuth
const Credentials = side === "gatehouse" ? GatehouseCredentials : AuthjsCredentials
const config = { secret, trustHost: true, basePath: "/auth", providers: [Credentials({ authorize: () => null })] }
console.error = () => {}
const users = 2000
const cookies = await Promise.all(
  Array.from({ length: users }, (_, i) => encode({ token: { name: `U${i}`, email: `u${i}@x.test`, sub: `${i}` }, secret, salt: "authjs.session-token" })),
)
const samples = []
const every = total / 10
for (let i = 1; i <= total; i++) {
  const response = await Auth(
    new Request("http://localhost:3000/auth/session", { headers: { cookie: `authjs.session-token=${cookies[i % users]}` } }),
    config,
  )
  await response.arrayBuffer()
  if (i % every === 0) {
    globalThis.gc()
    samples.push([i, +(process.memoryUsage().rss / 2 ** 20).toFixed(1)])
  }
}
console.log(JSON.stringify({ samples }))
