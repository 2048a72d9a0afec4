import type { AuthConfig } from "../types.js"

let started = false

/**
 * The start-up report for Node, Deno and Bun (package.json `#startup-report`): the doctor's, loaded
 * from its public entry on the first config (so the built package holds its checks once) rather than
 * with `@gatehouse/core`, whose cold import then loads none of the doctor's checks. The report prints
 * a moment after that first config is resolved. Edge runtimes load `startup-report.ts` instead (see
 * there why).
 */
export function reportConfigAtStartup(config: AuthConfig, env: Record<string, string | undefined>): void {
  if (started) return
  started = true
  import("./index.js").then(
    (doctor) => doctor.reportConfigAtStartup(config, env),
    () => {}, // A report that cannot load must never break the app.
  )
}
