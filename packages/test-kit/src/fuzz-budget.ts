/**
 * How hard the property tests try. `npm test` runs a bounded budget (a few seconds in all);
 * `npm run fuzz` raises it through the environment:
 *   FUZZ_RUNS     runs per property (default: the test's own small number)
 *   FUZZ_SECONDS  stop a property after this long, whatever FUZZ_RUNS says (long runs stay bounded)
 *   FUZZ_SEED     replay a failure: fast-check prints the seed and path of every counterexample
 */
import type { Parameters } from "fast-check"

export function fuzzBudget<T = unknown>(normalRuns: number): Parameters<T> {
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {}
  const runs = Number(env.FUZZ_RUNS)
  const seconds = Number(env.FUZZ_SECONDS)
  const seed = env.FUZZ_SEED === undefined ? undefined : Number(env.FUZZ_SEED)
  return {
    numRuns: runs > 0 ? runs : normalRuns,
    ...(seconds > 0 ? { interruptAfterTimeLimit: seconds * 1000, markInterruptAsFailure: false } : {}),
    ...(seed !== undefined && Number.isFinite(seed) ? { seed } : {}),
  }
}

/** Test timeout that follows the budget: long runs must not be cut by vitest's default. */
export function fuzzTimeout(normalMs = 30_000): number {
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {}
  const seconds = Number(env.FUZZ_SECONDS)
  return env.FUZZ_RUNS || seconds > 0 ? Math.max(normalMs, (seconds > 0 ? seconds : 3600) * 1000 + 60_000) : normalMs
}
