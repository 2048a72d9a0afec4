/**
 * What importing the built package costs a Node app at start-up (bench/cold-import.mjs measures it).
 * Node loads its fetch implementation (undici, ~10 ms of a cold start) the first time anything
 * touches `Headers`, `Request`, `Response` or `fetch`; a module that does so at load time makes every
 * app pay it before its first request. And Node's module loader pays per file and per byte: the
 * sign-in, callback and sign-out flows, the pages and oauth4webapi load at their first request, not
 * with the package, and what the package does load is a few chunks. These tests keep both so. Run
 * `npm run build` first.
 */
import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { promisify } from "node:util"
import { afterAll, expect, test } from "vitest"

const dist = resolve(import.meta.dirname, "../../packages/core/dist")
const run = promisify(execFile)

async function internalModulesAfterImport(entry: string): Promise<string[]> {
  const script = `await import(${JSON.stringify(resolve(dist, entry))}); console.log(JSON.stringify(process.moduleLoadList))`
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script])
  return JSON.parse(stdout) as string[]
}

test.each(["index.js", "jwt.js", "server/index.js"])("importing %s does not load Node's fetch implementation", async (entry) => {
  const loaded = await internalModulesAfterImport(entry)
  expect(loaded.length).toBeGreaterThan(10)
  expect(loaded.filter((name) => name.includes("undici"))).toEqual([])
})

test("the check sees undici when a module does touch Headers at load", async () => {
  const script = `new Headers(); console.log(JSON.stringify(process.moduleLoadList))`
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script])
  expect((JSON.parse(stdout) as string[]).some((name) => name.includes("undici"))).toBe(true)
})

// Every file Node's ES module loader loads, as a module customization hook (on its own thread) writes
// it down; the hook finishes each load before the import that asked for it settles.
const traces = mkdtempSync(join(tmpdir(), "gatehouse-cold-import-"))
afterAll(() => rmSync(traces, { recursive: true, force: true }))
const recordingHook = `import { appendFileSync } from "node:fs"
export async function load(url, context, next) {
  appendFileSync(process.env.LOADED_FILES_TRACE, url + "\\n")
  return next(url, context)
}`
const registerHook = `import { register } from "node:module"; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(recordingHook)}`)})`

async function filesLoadedBy(script: string, name: string): Promise<string[]> {
  const trace = join(traces, `${name}.txt`)
  await run(
    process.execPath,
    ["--import", `data:text/javascript,${encodeURIComponent(registerHook)}`, "--input-type=module", "-e", script],
    {
      env: { ...process.env, LOADED_FILES_TRACE: trace },
    },
  )
  return readFileSync(trace, "utf8").trim().split("\n")
}

const importOf = (entry: string) => `await import(${JSON.stringify(pathToFileURL(resolve(dist, entry)).href)})`
const coreFiles = (files: string[]) => files.filter((url) => url.startsWith(pathToFileURL(dist).href))
// What Node loads on first use (package.json #loaders/…): the actions, verify-request, discovery; and the
// refresh code with the refresh-token request, which only the app's `tokenRefresh: TokenRefresh()` imports.
const firstUseFiles = (files: string[]) =>
  coreFiles(files).filter((url) => /\/dist\/(actions\/|email\/verify-request-view\.js|oauth\/discovery\.js|token-refresh\/)/.test(url))

test.each(["index.js", "server/index.js"])("importing %s loads neither oauth4webapi nor the sign-in flows, in few files", async (entry) => {
  const loaded = await filesLoadedBy(importOf(entry), entry.replace("/", "-"))
  expect(coreFiles(loaded).length).toBeGreaterThan(3)
  expect(loaded.filter((url) => url.includes("oauth4webapi"))).toEqual([])
  expect(firstUseFiles(loaded)).toEqual([])
  // 21-25 when written (42 before, when esbuild split what index.ts loads by every entry point reaching it);
  // 9 once the providers, locales, adapters and integration entries joined index.ts's chunks and Node's
  // variants of #native-crypto, #startup-report and #loaders/* became one file (each file costs Node ~1 ms);
  // 5 once the WebAuthn provider imported its flows and the Password provider's import()ed flows joined
  // index.ts's chunks too (a lazily loaded module splits the chunks of what it shares with the package).
  // The server entry adds the few small chunks it shares with the browser client (`client/`).
  expect(coreFiles(loaded).length).toBeLessThanOrEqual(entry === "index.js" ? 6 : 9)
})

test("the check sees oauth4webapi and the sign-in flow load at the first sign-in page", async () => {
  const script = `${importOf("index.js")}.then(({ Auth }) =>
    Auth(new Request("http://localhost:3000/auth/signin"), { secret: "cold-import-test-secret-0123456789abcdef", trustHost: true, basePath: "/auth", providers: [] }),
  ).then((response) => { if (response.status !== 200) process.exit(1) })`
  const loaded = await filesLoadedBy(script, "signin-page")
  expect(loaded.some((url) => url.includes("oauth4webapi"))).toBe(true)
  expect(firstUseFiles(loaded).some((url) => url.endsWith("/dist/actions/signin.js"))).toBe(true)
})
