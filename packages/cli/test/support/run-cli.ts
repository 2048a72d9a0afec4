import { execFile } from "node:child_process"
import { fileURLToPath } from "node:url"

const cli = fileURLToPath(new URL("../../dist/cli.js", import.meta.url))

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/**
 * Runs the built `gatehouse` binary as a user would, in `cwd`, with only the environment given
 * (plus PATH and HOME): nothing from the test runner's own environment leaks into what it reads.
 */
export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  // Next's global types (seen through @gatehouse/next) make NODE_ENV a required key of ProcessEnv; the CLI runs without it.
  const childEnv: Record<string, string> = { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/tmp", ...options.env }
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd: options.cwd, env: childEnv as NodeJS.ProcessEnv, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0
        resolve({ code, stdout, stderr })
      },
    )
  })
}
