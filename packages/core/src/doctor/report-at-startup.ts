import type { AuthConfig } from "../types.js"
import { diagnoseConfig } from "./diagnose-config.js"
import type { Finding } from "./finding.js"

/**
 * One finding as a console line: the words `gatehouse doctor` prints in its table, under the
 * `[gatehouse]` prefix every other line Gatehouse logs carries.
 */
export function formatFinding(finding: Finding): string {
  return `[gatehouse][doctor][${finding.level}] ${finding.check}: ${finding.message}\n  fix: ${finding.fix}`
}

/**
 * A reporter that runs the doctor's checks on the first config it is given, once per process:
 * in development it prints errors and warnings, in production only errors (everything else stays
 * quiet), under test nothing. No network, nothing thrown.
 */
export function createStartupReport(print: (line: string) => void = (line) => console.warn(line)) {
  let done = false
  return function reportAtStartup(config: AuthConfig, env: Record<string, string | undefined>): void {
    if (done) return
    done = true
    if (env.NODE_ENV === "test") return
    // A runtime without a process environment (an edge worker) cannot say whether it is in production.
    if (env.NODE_ENV === undefined && !(globalThis as { process?: unknown }).process) return
    const production = env.NODE_ENV === "production"
    let findings: Finding[]
    try {
      findings = diagnoseConfig(config, { env, production })
    } catch {
      return // A config too broken to inspect fails every request with its own logged error.
    }
    for (const finding of findings) {
      if (finding.level === "error" || (finding.level === "warning" && !production)) print(formatFinding(finding))
    }
  }
}

/** The reporter `Auth()`'s config resolution calls. */
export const reportConfigAtStartup = createStartupReport()
