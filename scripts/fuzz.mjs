// The long fuzzing run: every property test (*.fuzz.test.ts) with a large budget, each property
// bounded in time so the whole run ends by itself. `npm test` runs the same properties briefly.
//   npm run fuzz                       20 000 runs or 60 s per property, whichever comes first
//   FUZZ_RUNS=200000 FUZZ_SECONDS=600 npm run fuzz
//   FUZZ_SEED=<seed> npm run fuzz -- jwe   replay a failure fast-check reported, in one file
import { spawnSync } from "node:child_process"

const env = {
  ...process.env,
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? "20000",
  FUZZ_SECONDS: process.env.FUZZ_SECONDS ?? "60",
}
const filters = process.argv.slice(2)
const run = spawnSync("npx", ["vitest", "run", ...(filters.length ? filters.map((f) => `${f}`) : [".fuzz.test.ts"]), "--maxWorkers=2"], {
  stdio: "inherit",
  env,
})
process.exit(run.status ?? 1)
