import { type ChildProcess, spawn } from "node:child_process"
import { createInterface } from "node:readline"

/**
 * A second instance of a test app in its own process: `script` (on the built packages) prints
 * `ready <port>` once it listens on 127.0.0.1; `env` tells it which database to share.
 */
export async function startReadyInstance(script: string, env: Record<string, string>): Promise<{ origin: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const lines = createInterface({ input: child.stdout! })
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`instance exited with ${code}`)))
    lines.on("line", (line) => {
      const ready = /^ready (\d+)$/.exec(line)
      if (ready) resolve(Number(ready[1]))
    })
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve())
        child.kill()
      }),
  }
}
