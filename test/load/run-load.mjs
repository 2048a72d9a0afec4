// The load driver: starts the server in its own process, runs N clients for a fixed time with
// scheduled faults, and reports what happened: throughput, latencies, statuses, what each kind
// of request answered during a fault and outside it, memory over time, and the database's rows.
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { LoadClient } from "./client.mjs"

const serverScript = fileURLToPath(new URL("./server.mjs", import.meta.url))
const repoRoot = fileURLToPath(new URL("../../", import.meta.url))

/** Starts test/load/server.mjs on 127.0.0.1 with `env`; resolves once it listens. */
export async function startServer(env) {
  const child = spawn(process.execPath, ["--expose-gc", serverScript], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let stderr = ""
  child.stderr.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-20_000)
  })
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`load server did not start:\n${stderr}`)), 30_000)
    let stdout = ""
    child.stdout.on("data", (chunk) => {
      stdout += chunk
      const line = stdout.split("\n")[0]
      if (stdout.includes("\n")) {
        clearTimeout(timer)
        try {
          resolve(JSON.parse(line).port)
        } catch {
          reject(new Error(`unexpected first line from the load server: ${line}`))
        }
      }
    })
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`load server exited (${code}):\n${stderr}`))
    })
  })
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    stderr: () => stderr,
    async stats() {
      return (await fetch(`${origin}/__stats`)).json()
    },
    async rotate(secret) {
      await fetch(`${origin}/__rotate`, { method: "POST", body: secret })
    },
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once("exit", resolve))
      child.kill("SIGTERM")
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

/** What a client expects of each operation when nothing is broken. */
function expected(op, client, result) {
  switch (op) {
    case "signIn":
    case "signOut":
      return result.ok
    case "read":
    case "update":
      return result.status === 200 && result.session?.user?.name === client.username
  }
}

/**
 * Runs the load. `faults` are { at (seconds from start), name, run({ clients }) } and mark
 * the time they take (plus `grace` seconds for reconnecting) as a fault window.
 */
export async function runLoad({ server, clients: clientCount, seconds, usernames, faults = [], sampleEvery = 5, grace = 1, makeClient }) {
  // makeClient: how a client is made when it is not a plain LoadClient of `server` (several instances).
  const clients = Array.from({ length: clientCount }, (_, i) =>
    makeClient ? makeClient(usernames(i)) : new LoadClient(server.origin, usernames(i)),
  )
  const started = Date.now()
  const deadline = started + seconds * 1000
  const windows = []
  const latencies = { signIn: [], read: [], update: [], signOut: [] }
  // normal: outside every fault window; afterFaults: the part of normal after the last fault ended.
  const outcomes = { normal: {}, duringFault: {}, afterFaults: {} }
  const unexpected = []
  const statusCounts = {}
  let fiveXX = 0
  let networkErrors = 0
  const memory = []

  const inWindow = (t0, t1) => windows.some((w) => t1 >= w.start && t0 <= (w.end ?? Infinity) + grace * 1000)
  function count(bucket, op, kind) {
    bucket[op] ??= {}
    bucket[op][kind] = (bucket[op][kind] ?? 0) + 1
  }

  async function clientLoop(client, index) {
    let n = 0
    while (Date.now() < deadline) {
      const roll = Math.random()
      const op = !client.signedIn ? "signIn" : roll < 0.6 ? "read" : roll < 0.8 ? "update" : "signOut"
      const t0 = Date.now()
      const begun = performance.now()
      let result
      try {
        result =
          op === "signIn"
            ? await client.signIn()
            : op === "read"
              ? await client.read()
              : op === "update"
                ? await client.update({ n: ++n, client: index })
                : await client.signOut()
      } catch (error) {
        result = { status: error.status ?? "network", error: String(error?.message ?? error) }
        if (!error.status) networkErrors++
      }
      const t1 = Date.now()
      latencies[op].push(performance.now() - begun)
      statusCounts[result.status] = (statusCounts[result.status] ?? 0) + 1
      if (typeof result.status === "number" && result.status >= 500) fiveXX++
      const ok = !result.error && expected(op, client, result)
      const kind = ok ? "as expected" : result.error ? `failed: ${result.error.slice(0, 60)}` : describe(op, result)
      if (inWindow(t0, t1)) count(outcomes.duringFault, op, kind)
      else {
        count(outcomes.normal, op, kind)
        const last = windows.at(-1)
        if (last?.end !== undefined && t0 > last.end + grace * 1000) count(outcomes.afterFaults, op, kind)
        if (!ok && unexpected.length < 20) unexpected.push({ op, client: client.username, at: (t0 - started) / 1000, ...result })
      }
    }
  }

  async function sampler() {
    while (Date.now() < deadline) {
      const stats = await server.stats()
      memory.push({ t: Math.round((Date.now() - started) / 1000), heapUsedMB: mb(stats.memory.heapUsed), rssMB: mb(stats.memory.rss) })
      await sleep(Math.min(sampleEvery * 1000, Math.max(0, deadline - Date.now())))
    }
  }

  async function faultRunner() {
    for (const fault of faults) {
      await sleep(Math.max(0, started + fault.at * 1000 - Date.now()))
      const window = { name: fault.name, start: Date.now(), end: undefined }
      windows.push(window)
      const before = await server.stats()
      const detail = await fault.run({ clients })
      window.end = Date.now()
      const after = await server.stats()
      window.detail = detail
      window.loggedDuring = diff(after.errors, before.errors)
    }
  }

  const statsBefore = await server.stats()
  await Promise.all([...clients.map(clientLoop), sampler(), faultRunner()])
  const elapsed = (Date.now() - started) / 1000
  const statsAfter = await server.stats()

  // Afterwards, with every fault over: each client holding a session must read it back as its
  // own; then every client signs in once more (whoever a fault left signed out must get in again).
  const finalReads = await Promise.all(
    clients
      .filter((c) => c.signedIn)
      .map(async (c) => {
        const { status, session } = await c.read()
        return status === 200 && session?.user?.name === c.username
      }),
  )
  const signedOutAtEnd = clients.filter((c) => !c.signedIn)
  const lastSignIns = await Promise.all(
    signedOutAtEnd.map(async (c) => {
      const { ok } = await c.signIn().catch(() => ({ ok: false }))
      const { session } = ok ? await c.read() : {}
      return ok && session?.user?.name === c.username
    }),
  )

  const requests = statsAfter.requests - statsBefore.requests
  return {
    clients: clientCount,
    seconds: Math.round(elapsed * 10) / 10,
    requests,
    requestsPerSecond: Math.round(requests / elapsed),
    fiveXX,
    networkErrors,
    statuses: statusCounts,
    latencyMs: Object.fromEntries(
      Object.entries(latencies).map(([op, list]) => {
        const sorted = list.sort((a, b) => a - b)
        return [
          op,
          {
            count: sorted.length,
            p50: round(percentile(sorted, 50)),
            p95: round(percentile(sorted, 95)),
            p99: round(percentile(sorted, 99)),
            max: round(sorted.at(-1) ?? 0),
          },
        ]
      }),
    ),
    outcomes,
    unexpected,
    faults: windows.map((w) => ({
      name: w.name,
      at: round((w.start - started) / 1000),
      lastedS: round((w.end - w.start) / 1000),
      detail: w.detail,
      loggedDuring: w.loggedDuring,
    })),
    serverErrorsLogged: diff(statsAfter.errors, statsBefore.errors),
    signedInAtEnd: finalReads.length,
    finalReadsOk: finalReads.filter(Boolean).length,
    lastSignIns: lastSignIns.length,
    lastSignInsOk: lastSignIns.filter(Boolean).length,
    liveTokens: clients.filter((c) => c.signedIn).map((c) => decodeURIComponent(c.jar.get("authjs.session-token"))),
    memory,
    clientsRef: clients,
  }
}

/** A short name for an answer that was not the expected one. */
function describe(op, result) {
  if (op === "signIn" || op === "signOut") {
    const error = result.location ? new URL(result.location).searchParams.get("error") : null
    return `${result.status}${error ? ` error=${error}` : ""}${result.location && !error ? ` → ${new URL(result.location).pathname}` : ""}`
  }
  return result.status === 200 ? (result.session === null ? "200 null" : "200 other session") : String(result.status)
}

function diff(after = {}, before = {}) {
  const out = {}
  for (const [key, value] of Object.entries(after)) if (value - (before[key] ?? 0) > 0) out[key] = value - (before[key] ?? 0)
  return out
}

const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10
const round = (n) => Math.round(n * 10) / 10
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Heap growth between the first and last third of the run (after warm-up), in MB. */
export function heapGrowth(memory) {
  const samples = memory.filter((m) => m.t > 0)
  if (samples.length < 3) return { growthMB: 0, samples: samples.length }
  const third = Math.max(1, Math.floor(samples.length / 3))
  const median = (list) => list.map((m) => m.heapUsedMB).sort((a, b) => a - b)[Math.floor(list.length / 2)]
  const early = median(samples.slice(0, third))
  const late = median(samples.slice(-third))
  return { earlyMB: early, lateMB: late, growthMB: round(late - early), samples: samples.length }
}
