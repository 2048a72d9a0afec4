// Issue 22, item 5 under load: 64 clients flood the sign-in endpoint with distinct accounts from
// distinct addresses (two new limiter keys per request), against a server whose memory store
// (default size, 100 000 counters) is full before the first request. Reports the time of the limiter's own store
// work per hit (p50/p99/max), the store's size, and whether an account locked before the flood is
// still locked at its end. `node test/load/limiter-flood.mjs` runs it for LOAD_SECONDS (default
// 20) with LOAD_CLIENTS (default 64) and prints the report; the short run in
// limiter-flood.test.ts checks the promises that do not depend on timing.
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

const serverScript = fileURLToPath(new URL("./limiter-flood-server.mjs", import.meta.url))
const repoRoot = fileURLToPath(new URL("../../", import.meta.url))

async function startFloodServer(maxKeys) {
  const child = spawn(process.execPath, [serverScript], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "production", MAX_KEYS: String(maxKeys) },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stderr = ""
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-10_000)))
  const port = await new Promise((resolve, reject) => {
    let stdout = ""
    child.stdout.on("data", (chunk) => {
      stdout += chunk
      if (stdout.includes("\n")) resolve(JSON.parse(stdout.split("\n")[0]).port)
    })
    child.once("exit", (code) => reject(new Error(`flood server exited (${code}):\n${stderr}`)))
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once("exit", resolve))
      child.kill("SIGTERM")
      await exited
    },
  }
}

/** A CSRF cookie and token, reused by every attempt of one client. */
async function csrfPair(origin) {
  const response = await fetch(`${origin}/auth/csrf`)
  return { cookie: response.headers.getSetCookie()[0].split(";")[0], token: (await response.json()).csrfToken }
}

async function signIn(origin, csrf, username, password, ip) {
  const response = await fetch(`${origin}/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.cookie, "x-real-ip": ip },
    body: new URLSearchParams({ csrfToken: csrf.token, username, password }),
  })
  await response.arrayBuffer()
  return response.status
}

/** An address of its own for every attempt: 10.x.y.z covers 16 million. */
const addressOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

export async function limiterFloodLoad({ clients = 64, seconds = 20, maxKeys = 100_000, maxRequests = Infinity } = {}) {
  const server = await startFloodServer(maxKeys)
  try {
    const { origin } = server
    const csrf = await csrfPair(origin)
    // The victim's account is locked (per-account default: 10 per 10 minutes) before the flood.
    const lockout = []
    for (let i = 0; i < 11; i++) lockout.push(await signIn(origin, csrf, "victim", "wrong", `192.0.2.${i + 1}`))

    let attempt = 0
    let requests = 0
    const started = Date.now()
    const deadline = started + seconds * 1000
    await Promise.all(
      Array.from({ length: clients }, async () => {
        const own = await csrfPair(origin)
        while (Date.now() < deadline && attempt < maxRequests) {
          const n = ++attempt
          await signIn(origin, own, `flood-${n}`, "wrong", addressOf(n))
          requests++
        }
      }),
    )
    const victimAfter = await signIn(origin, csrf, "victim", "pw-victim", "192.0.2.200")
    const limiter = await (await fetch(`${origin}/__limiter`)).json()
    const elapsed = (Date.now() - started) / 1000
    return {
      clients,
      seconds: elapsed,
      maxKeys,
      requests,
      requestsPerSecond: Math.round(requests / elapsed),
      lockout,
      victimAfter,
      limiter,
    }
  } finally {
    await server.stop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await limiterFloodLoad({
    clients: Number(process.env.LOAD_CLIENTS ?? 64),
    seconds: Number(process.env.LOAD_SECONDS ?? 20),
  })
  console.log(JSON.stringify(report, null, 2))
}
