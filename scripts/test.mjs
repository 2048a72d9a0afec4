// Runs the whole suite with vitest and closes with a plain "N passed, N failed" line,
// which CI reads whatever the runner's own summary looks like.
import { spawnSync } from "node:child_process"
import { mkdirSync, readFileSync } from "node:fs"

mkdirSync(".tmp", { recursive: true })
const report = ".tmp/vitest-report.json"
const run = spawnSync(
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: "inherit" },
)
let summary = ""
try {
  const result = JSON.parse(readFileSync(report, "utf8"))
  // A test file that fails outside its tests (a broken import, a beforeAll that throws) fails no single
  // test, and its tests show as skipped: count the file as a failure, so skips never hide one.
  const brokenFiles = (result.testResults ?? []).filter(
    (file) => file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed"),
  ).length
  summary = `${result.numPassedTests} passed, ${result.numFailedTests + brokenFiles} failed`
  if (result.numPendingTests) summary += `, ${result.numPendingTests} skipped`
  if (result.numTotalTests === 0) {
    console.error("No test ran.")
    process.exit(1)
  }
} catch {
  summary = "0 passed, 1 failed"
}
console.log(`\n${summary}`)
process.exit(run.status ?? 1)
