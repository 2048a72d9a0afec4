// `npm run load`: the full load and fault run, on 127.0.0.1 only, bounded in time (about five
// minutes in all). LOAD_SECONDS (default 60) and LOAD_CLIENTS (default 64) tune it; LOAD_ONLY=multi
// runs only the multi-instance scenario (which starts a private PostgreSQL on 55432 and Redis on
// 56379 to restart them). Prints a summary, writes .tmp/load-report.json, and exits non-zero if a
// promise was broken.
import { mkdirSync, writeFileSync } from "node:fs"
import { databaseRunViolations, findings, multiInstanceViolations, rotationRunViolations } from "./invariants.mjs"
import { multiInstanceLongRun } from "./multi-instance.mjs"
import { heapGrowth } from "./run-load.mjs"
import { databaseSessionLoad, secretRotationLoad } from "./scenarios.mjs"
import { measureSessionOverhead } from "./session-overhead.mjs"

const seconds = Number(process.env.LOAD_SECONDS ?? 60)
const clients = Number(process.env.LOAD_CLIENTS ?? 64)
/** Heap growth (after a full GC) between the first and last third of a run that still counts as flat. */
const flatHeapMB = 16

const runs = []
let failed = false

function summarize(name, result, violations) {
  const { report } = result
  const memory = heapGrowth(report.memory)
  if (seconds >= 30 && memory.growthMB > flatHeapMB) violations.push(`heap grew ${memory.growthMB} MB (limit ${flatHeapMB})`)
  const odd = findings(report)
  console.log(`\n== ${name}`)
  console.log(
    `   ${report.clients} clients, ${report.seconds} s, ${report.requests} requests (${report.requestsPerSecond}/s), 5xx: ${report.fiveXX}`,
  )
  for (const [op, l] of Object.entries(report.latencyMs))
    console.log(`   ${op.padEnd(8)} n=${String(l.count).padStart(6)}  p50 ${l.p50} ms  p95 ${l.p95} ms  p99 ${l.p99} ms  max ${l.max} ms`)
  console.log(
    `   heap after GC: ${memory.earlyMB} MB → ${memory.lateMB} MB (${memory.growthMB >= 0 ? "+" : ""}${memory.growthMB} MB); rss at end ${report.memory.at(-1)?.rssMB} MB`,
  )
  console.log(
    `   signed in at the end: ${report.signedInAtEnd}, sessions read back: ${report.finalReadsOk}; the others signed in again: ${report.lastSignInsOk} of ${report.lastSignIns}`,
  )
  if (result.rows) console.log(`   rows: ${JSON.stringify(result.rows)}`)
  if (result.rotation) console.log(`   rotation: ${JSON.stringify(result.rotation)}`)
  for (const fault of report.faults)
    console.log(
      `   fault "${fault.name}" at ${fault.at} s for ${fault.lastedS} s: ${JSON.stringify(fault.detail)}; logged: ${JSON.stringify(fault.loggedDuring)}`,
    )
  if (Object.keys(report.outcomes.duringFault).length)
    console.log(`   answers during the fault: ${JSON.stringify(report.outcomes.duringFault)}`)
  if (odd.length) console.log(`   FINDINGS (answers outside faults that were not the expected ones): ${odd.join("; ")}`)
  console.log(violations.length ? `   BROKEN: ${violations.join("; ")}` : "   all promises kept")
  failed ||= violations.length > 0
  runs.push({ name, ...result, memoryGrowth: memory, violations, findings: odd })
}

const only = process.env.LOAD_ONLY

if (!only || only === "multi") {
  const multi = await multiInstanceLongRun({ clients, seconds })
  summarize(
    "Three instances, one PostgreSQL, one Redis, round-robin; PostgreSQL and Redis restarted mid-run",
    multi,
    multiInstanceViolations(multi),
  )
  console.log(`   windows: ${JSON.stringify(multi.windows)}`)
  console.log(`   probes (${multi.probes.count}): ${JSON.stringify(multi.probes.outcomes)}`)
  console.log(`   exactly-once checks after recovery: ${JSON.stringify(multi.checksAfterRecovery)}`)
}
if (only === "multi") {
  mkdirSync(".tmp", { recursive: true })
  writeFileSync(".tmp/load-report.json", JSON.stringify({ seconds, clients, runs }, null, 2))
  console.log(`\nreport: .tmp/load-report.json — ${failed ? "FAILED" : "passed"}`)
  process.exit(failed ? 1 : 0)
}

const sqlite = await databaseSessionLoad({ db: "sqlite", clients, seconds, sharedUsers: true })
summarize("SQLite, database sessions", sqlite, databaseRunViolations(sqlite, { strict: false }))

const pgRun = await databaseSessionLoad({
  db: "pg",
  clients,
  seconds,
  sharedUsers: true,
  outage: { at: seconds * 0.4, seconds: Math.max(0.5, seconds / 12) },
})
summarize("PostgreSQL, database sessions, connections killed mid-run", pgRun, databaseRunViolations(pgRun, { outage: true, strict: false }))

const rotation = await secretRotationLoad({ clients, seconds, rotateAt: Math.round(seconds / 2), sharedUsers: true })
summarize("JWT sessions, secret rotated mid-run", rotation, rotationRunViolations(rotation, { strict: false }))

const overhead = await measureSessionOverhead()
console.log(`\n== GET /session with the rate limiter on and off (it never limits reads)`)
console.log(
  `   ${overhead.microsecondsPerRead.limiterOn} µs vs ${overhead.microsecondsPerRead.limiterOff} µs per signed-in read (${overhead.differencePercent}%)`,
)

mkdirSync(".tmp", { recursive: true })
writeFileSync(".tmp/load-report.json", JSON.stringify({ seconds, clients, runs, sessionOverhead: overhead }, null, 2))
console.log(`\nreport: .tmp/load-report.json — ${failed ? "FAILED" : "passed"}`)
process.exit(failed ? 1 : 0)
