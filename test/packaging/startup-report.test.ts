/**
 * The doctor's start-up report is chosen by export condition (`#startup-report` in core's package.json):
 * Node loads the doctor and prints its findings once in development; a Workers bundle carries none of
 * it (workers-bundle.test.ts). This runs the built package in a real Node process, as an app would.
 * Run `npm run build` first.
 */
import { execFile } from "node:child_process"
import { resolve } from "node:path"
import { promisify } from "node:util"
import { expect, test } from "vitest"

const coreIndex = resolve(import.meta.dirname, "../../packages/core/dist/index.js")
const app = `
const { Auth } = await import(${JSON.stringify(coreIndex)})
const response = await Auth(new Request("http://localhost:3000/auth/session"), { providers: [], secret: "short", trustHost: true })
console.log("status", response.status)
`

async function run(nodeEnv: "development" | "test") {
  return promisify(execFile)(process.execPath, ["--input-type=module", "-e", app], { env: { ...process.env, NODE_ENV: nodeEnv } })
}

test("on Node the built package prints the doctor's findings at start-up in development, once", async () => {
  const { stdout, stderr } = await run("development")
  expect(stdout).toContain("status 200")
  expect(stderr.match(/\[gatehouse\]\[doctor\]\[error\] secret-short:/g)).toHaveLength(1)
})

test("and nothing under NODE_ENV=test", async () => {
  const { stderr } = await run("test")
  expect(stderr).not.toContain("[gatehouse][doctor]")
})
