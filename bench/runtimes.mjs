// `node bench/runtimes.mjs` (after `npm run build`): the same small app on Gatehouse and on @auth/core,
// bundled for and served by Node, workerd, the Edge runtime, Deno and Bun, measured side by side:
// bundle size (minified, gzip), cold start (process spawned → first answer), the first session read
// (key derivation and first decryption included) and steady session reads one at a time. Interleaved
// rounds, medians. Ratios first: Gatehouse ÷ @auth/core for sizes and times (below 1 is better).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { gzipSync } from "node:zlib"
import { createServer } from "node:net"
import { encode } from "@gatehouse/core/jwt"
import { bundleFor, runtimes, serveBundle } from "../test/runtimes/start-runtime.mjs"

const repoRoot = resolve(import.meta.dirname, "..")
const workDir = join(repoRoot, ".tmp", `bench-runtimes-${process.pid}`)
const quick = process.argv.includes("--quick")
const rounds = quick ? 3 : 5
const reads = quick ? 50 : 200
const secret = "bench-runtimes-secret-with-more-than-32-characters"
const sides = {
  gatehouse: join(import.meta.dirname, "runtime-apps", "gatehouse.ts"),
  authjs: join(import.meta.dirname, "runtime-apps", "authjs.ts"),
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolvePort(port))
    })
  })
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** One start of `bundleFile` in `runtime`: spawn → first answer, then the first and steady session reads. */
async function measureOnce(runtime, bundleFile, cookie) {
  const port = await freePort()
  const started = performance.now()
  const app = await serveBundle(runtime, bundleFile, { AUTH_SECRET: secret }, port, "/auth/providers")
  const coldStartMs = performance.now() - started
  try {
    const read = async () => {
      const response = await fetch(`${app.origin}/auth/session`, { headers: { cookie: `authjs.session-token=${cookie}` } })
      const session = await response.json()
      if (session?.user?.name !== "Ada") throw new Error(`${runtime}: the session read answered ${JSON.stringify(session)}`)
    }
    let began = performance.now()
    await read()
    const firstReadMs = performance.now() - began
    began = performance.now()
    for (let i = 0; i < reads; i++) await read()
    const steadyReadMs = (performance.now() - began) / reads
    return { coldStartMs, firstReadMs, steadyReadMs }
  } finally {
    await app.stop()
  }
}

const cookie = await encode({ token: { name: "Ada", sub: "1" }, secret, salt: "authjs.session-token" })
const results = {}
for (const runtime of runtimes) {
  const perSide = {}
  for (const [side, appModule] of Object.entries(sides)) {
    const bundleFile = await bundleFor(runtime, appModule, join(workDir, side))
    perSide[side] = { bundleFile, gzipKiB: gzipSync(readFileSync(bundleFile)).length / 1024, samples: [] }
  }
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 ? ["authjs", "gatehouse"] : ["gatehouse", "authjs"]) {
      perSide[side].samples.push(await measureOnce(runtime, perSide[side].bundleFile, cookie))
    }
  }
  results[runtime] = Object.fromEntries(
    Object.entries(perSide).map(([side, { gzipKiB, samples }]) => [
      side,
      {
        gzipKiB: Number(gzipKiB.toFixed(1)),
        coldStartMs: Number(median(samples.map((s) => s.coldStartMs)).toFixed(1)),
        firstReadMs: Number(median(samples.map((s) => s.firstReadMs)).toFixed(2)),
        steadyReadMs: Number(median(samples.map((s) => s.steadyReadMs)).toFixed(3)),
      },
    ]),
  )
  const { gatehouse: g, authjs: a } = results[runtime]
  const ratio = (key) => (g[key] / a[key]).toFixed(2)
  console.log(
    `${runtime.padEnd(12)} size ${ratio("gzipKiB")}× (${g.gzipKiB} vs ${a.gzipKiB} KiB gzip) · cold start ${ratio("coldStartMs")}× (${g.coldStartMs} vs ${a.coldStartMs} ms) · first session read ${ratio("firstReadMs")}× (${g.firstReadMs} vs ${a.firstReadMs} ms) · steady read ${ratio("steadyReadMs")}× (${g.steadyReadMs} vs ${a.steadyReadMs} ms)`,
  )
}
rmSync(workDir, { recursive: true, force: true })
mkdirSync(join(import.meta.dirname, "results"), { recursive: true })
writeFileSync(
  join(import.meta.dirname, "results", "runtimes.json"),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), rounds, reads, results }, null, 2)}\n`,
)
