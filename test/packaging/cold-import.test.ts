/**
 * What importing the built package costs a Node app at start-up. Node loads its fetch implementation
 * (undici, ~10 ms of a cold start) the first time anything touches `Headers`, `Request`, `Response`
 * or `fetch`; a module that does so at load time makes every app pay it before its first request.
 * Measured in bench/cold-import.mjs; this keeps the cause from coming back. Run `npm run build` first.
 */
import { execFile } from "node:child_process"
import { resolve } from "node:path"
import { promisify } from "node:util"
import { expect, test } from "vitest"

const dist = resolve(import.meta.dirname, "../../packages/core/dist")

async function internalModulesAfterImport(entry: string): Promise<string[]> {
  const script = `await import(${JSON.stringify(resolve(dist, entry))}); console.log(JSON.stringify(process.moduleLoadList))`
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script])
  return JSON.parse(stdout) as string[]
}

test.each(["index.js", "jwt.js", "server/index.js"])("importing %s does not load Node's fetch implementation", async (entry) => {
  const loaded = await internalModulesAfterImport(entry)
  expect(loaded.length).toBeGreaterThan(10)
  expect(loaded.filter((name) => name.includes("undici"))).toEqual([])
})

test("the check sees undici when a module does touch Headers at load", async () => {
  const script = `new Headers(); console.log(JSON.stringify(process.moduleLoadList))`
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script])
  expect((JSON.parse(stdout) as string[]).some((name) => name.includes("undici"))).toBe(true)
})
