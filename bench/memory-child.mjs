// One side only per process, so the other library's code does not count against it.
const [side, total] = [process.argv[2], Number(process.argv[3])]
const pkg = side === "gatehouse" ? "@gatehouse/core" : "@auth/core"
const { Auth } = await import(pkg)
const { default: Credentials } = await import(`${pkg}/providers/credentials`)
const { encode } = await import(`${pkg}/jwt`)

const secret = "bench-secret-bench-secret-bench-secret-0123"
const config = { secret, trustHost: true, basePath: "/auth", providers: [Credentials({ authorize: () => null })] }
console.error = () => {}
const users = 2000
const cookies = await Promise.all(
  Array.from({ length: users }, (_, i) =>
    encode({ token: { name: `U${i}`, email: `u${i}@x.test`, sub: `${i}` }, secret, salt: "authjs.session-token" }),
  ),
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
    const { rss, heapUsed } = process.memoryUsage()
    samples.push([i, +(rss / 2 ** 20).toFixed(1), +(heapUsed / 2 ** 20).toFixed(1)])
  }
}
console.log(JSON.stringify({ samples }))
