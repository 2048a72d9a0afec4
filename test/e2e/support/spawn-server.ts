import { spawn, type ChildProcess } from "node:child_process"

/** A server process an end-to-end test started: where it answers, what it printed, how to stop it. */
export interface RunningServer {
  origin: string
  output: () => string
  stop: () => Promise<void>
}

export interface SpawnServerOptions {
  command: string
  args: string[]
  cwd: string
  env: Record<string, string>
  /** Fetched until it answers with any status: a misconfigured app (some tests start one) answers with errors. */
  probeUrl: string
  origin: string
  /** How errors name the server. */
  label: string
}

/** Spawns a server and waits up to 30 s for `probeUrl` to answer; throws with its output if it exits first or stays silent. */
export async function spawnServer(options: SpawnServerOptions): Promise<RunningServer> {
  const { label } = options
  let output = ""
  const child: ChildProcess = spawn(options.command, options.args, {
    cwd: options.cwd,
    // Next's global types make NODE_ENV a required key of ProcessEnv; a spawned server's environment may lack it.
    env: options.env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  })
  child.stdout!.on("data", (chunk) => (output += chunk))
  child.stderr!.on("data", (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label} exited early:\n${output}`)
    try {
      await fetch(options.probeUrl)
      break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${label} did not answer within 30 s:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    origin: options.origin,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
    },
  }
}
