// `node bench/next-route-handler.mjs [--quick]`: Next.js `auth()` in a route handler of a built app,
// under load over HTTP (issue 34's goal: requests per second ≥ 1.3× next-auth's).
// One app, written once below, is built twice with `next build`: importing `next-auth` (v5, as an
// Auth.js app has it) and importing `@gatehouse/next` (the same lines with the specifiers changed).
// Both run under `next start` at once; autocannon sends 16 connections, each request carrying the
// next of 1,000 distinct valid session cookies, to GET /api/me (`await auth()`, the user's name as
// JSON), in alternating rounds so that machine noise hits both sides alike. Each side is checked to
// answer the right user first. The apps live in .tmp/bench-next/ (inside the repository, so they
// resolve the workspace's packages as an app resolves its node_modules).
import { spawn } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import autocannon from "autocannon"
import { encode } from "@gatehouse/core/jwt"
import { benchSecret } from "./credentials-sign-in.mjs"
import { median } from "./measure.mjs"

const quick = process.argv.includes("--quick")
const rounds = quick ? 2 : 5
const seconds = quick ? 3 : 8
const connections = 16
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..")
const appsDir = join(repoRoot, ".tmp", "bench-next")
const nextBin = createRequire(join(repoRoot, "package.json")).resolve("next/dist/bin/next")

const sides = {
  gatehouse: { nextAuth: "@gatehouse/next", credentials: "@gatehouse/next/providers/credentials" },
  "next-auth": { nextAuth: "next-auth", credentials: "next-auth/providers/credentials" },
}

/** The app's files; the two builds differ only in the two import specifiers. */
function appFiles({ nextAuth, credentials }) {
  return {
    "package.json": JSON.stringify({ name: "bench-next-app", private: true, type: "module" }),
    "tsconfig.json": JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        lib: ["dom", "dom.iterable", "esnext"],
        skipLibCheck: true,
        strict: true,
        noEmit: true,
        module: "esnext",
        moduleResolution: "bundler",
        isolatedModules: true,
        jsx: "react-jsx",
      },
      include: ["**/*.ts", "**/*.tsx"],
    }),
    "auth.ts": `import NextAuth from "${nextAuth}"
import Credentials from "${credentials}"

export const { handlers, auth } = NextAuth({
  trustHost: true,
  secret: process.env.AUTH_SECRET,
  providers: [Credentials({ credentials: { username: {}, password: {} }, authorize: () => null })],
})
`,
    "app/api/auth/[...nextauth]/route.ts": `import { handlers } from "../../../../auth"

export const { GET, POST } = handlers
`,
    "app/api/me/route.ts": `import { auth } from "../../../auth"

export const dynamic = "force-dynamic"

export async function GET() {
  const session = await auth()
  return Response.json({ name: session?.user?.name ?? null })
}
`,
    "app/layout.tsx": `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
`,
  }
}

function run(args, cwd, env = {}) {
  const child = spawn(process.execPath, [nextBin, ...args], {
    cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  child.stdout.on("data", (chunk) => (output += chunk))
  child.stderr.on("data", (chunk) => (output += chunk))
  return { child, output: () => output }
}

async function build(dir) {
  const { child, output } = run(["build"], dir)
  const status = await new Promise((resolve) => child.once("exit", resolve))
  if (status !== 0) throw new Error(`next build failed in ${dir}:\n${output()}`)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

async function start(dir) {
  const port = await freePort()
  const server = run(["start", "-H", "127.0.0.1", "-p", String(port)], dir, { AUTH_SECRET: benchSecret, NODE_ENV: "production" })
  const origin = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      await fetch(`${origin}/api/me`)
      return { origin, stop: () => server.child.kill() }
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  server.child.kill()
  throw new Error(`next start did not answer in ${dir}:\n${server.output()}`)
}

const users = 1000
const salt = "authjs.session-token"
const cookies = await Promise.all(
  Array.from({ length: users }, (_, i) =>
    encode({ token: { name: `User ${i}`, email: `user${i}@example.test`, sub: String(i) }, secret: benchSecret, salt }),
  ),
)

async function expectRightUser(origin, side) {
  for (const i of [0, 1, users - 1]) {
    const response = await fetch(`${origin}/api/me`, { headers: { cookie: `${salt}=${cookies[i]}` } })
    const body = await response.json()
    if (body.name !== `User ${i}`) throw new Error(`${side} answered ${JSON.stringify(body)} for User ${i}`)
  }
  const nobody = await (await fetch(`${origin}/api/me`)).json()
  if (nobody.name !== null) throw new Error(`${side} answered ${JSON.stringify(nobody)} without a cookie`)
}

/** Requests per second at `connections` connections for `duration` seconds, each request the next cookie. */
async function load(origin, duration) {
  let next = 0
  const result = await autocannon({
    url: origin,
    connections,
    duration,
    requests: [
      {
        method: "GET",
        path: "/api/me",
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: `${salt}=${cookies[next++ % users]}` } }),
      },
    ],
  })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${origin}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
  return { rate: result.requests.average, p99: result.latency.p99 }
}

rmSync(appsDir, { recursive: true, force: true })
for (const [side, imports] of Object.entries(sides)) {
  const dir = join(appsDir, side)
  for (const [path, text] of Object.entries(appFiles(imports))) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
}
// One build at a time: two at once would only fight over the cores.
for (const side of Object.keys(sides)) await build(join(appsDir, side))

const servers = {}
try {
  for (const side of Object.keys(sides)) {
    servers[side] = await start(join(appsDir, side))
    await expectRightUser(servers[side].origin, side)
  }
  // Warm-up: let both servers compile and cache what they need before anything counts.
  for (const side of Object.keys(sides)) await load(servers[side].origin, 2)

  const measured = { gatehouse: [], "next-auth": [] }
  const ratios = []
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ["gatehouse", "next-auth"] : ["next-auth", "gatehouse"]
    const pair = {}
    for (const side of order) {
      pair[side] = await load(servers[side].origin, seconds)
      measured[side].push(pair[side])
    }
    ratios.push(pair.gatehouse.rate / pair["next-auth"].rate)
  }
  const rate = (side) => median(measured[side].map((m) => m.rate))
  const p99 = (side) => median(measured[side].map((m) => m.p99))
  console.log(
    `Next auth() in a route handler, next start, ${connections} connections, distinct cookies: ${median(ratios).toFixed(2)}× next-auth's requests/s (goal ≥ 1.3×)`,
  )
  console.log(`   per round: ${ratios.map((r) => `${r.toFixed(2)}×`).join(" ")}`)
  for (const side of Object.keys(sides)) console.log(`   ${side.padEnd(10)} ${rate(side).toFixed(0)} req/s, p99 ${p99(side)} ms`)
} finally {
  for (const server of Object.values(servers)) server.stop()
}
