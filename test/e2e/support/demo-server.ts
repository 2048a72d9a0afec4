/** examples/demo (`npm run demo:node`) as a child process on a free port, with its own data directory. */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "./free-port.js"

export interface RunningDemo {
  origin: string
  /** Everything the demo printed so far (sign-in mails land here). */
  output: () => string
  stop: () => void
}

export async function startDemo(): Promise<RunningDemo> {
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-demo-"))
  let output = ""
  const demo: ChildProcess = spawn(process.execPath, ["examples/demo/server.mjs"], {
    env: { ...process.env, PORT: String(port), DEMO_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  })
  demo.stderr!.on("data", (chunk) => (output += chunk))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`demo did not start:\n${output}`)), 30_000)
    demo.stdout!.on("data", (chunk) => {
      output += chunk
      if (output.includes("Gatehouse demo on")) {
        clearTimeout(timer)
        resolve()
      }
    })
    demo.once("exit", (code) => reject(new Error(`demo exited with ${code}:\n${output}`)))
  })
  return {
    origin,
    output: () => output,
    stop: () => {
      demo.kill("SIGTERM")
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
