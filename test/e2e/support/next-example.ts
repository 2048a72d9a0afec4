/**
 * examples/next for end-to-end tests: one production build shared by every test file that
 * drives it, and `next start` on a free loopback port.
 *
 * vitest runs test files in separate workers, so two files may ask for the build at once. A lock
 * lets one of them build while the other waits; a fingerprint of everything the build reads (the
 * example's sources, the built packages it imports, the lock file) lets the waiter, or a later
 * run, use that build instead of making the same one again. Each process that got the build is
 * recorded as its user until it exits, and a build in use is never replaced: `next build` empties
 * its directory, which would pull it from under the servers of another test file (in a working
 * tree where packages are rebuilt during a run, the fingerprint can change mid-run).
 */
import { spawn } from "node:child_process"
import { createHash, randomBytes } from "node:crypto"
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs"
import { freePort } from "./free-port.js"
import { launchChromium } from "./launch-chromium.js"
import { type RunningServer, spawnServer } from "./spawn-server.js"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { threadId } from "node:worker_threads"
import type { Browser, Page } from "playwright-core"

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..")
export const exampleDir = join(repoRoot, "examples", "next")
const nextBin = join(repoRoot, "node_modules", "next", "dist", "bin", "next")
const distDir = ".next-e2e"
/** The packages the example's build bundles, by their built output. */
const builtPackages = ["core", "next", "webauthn-browser", "adapter-sqlite", "dev-idp"]
/** Beside the build (ignored by git as .next-*), so that `next build` does not wipe it. */
const stateDir = join(exampleDir, `${distDir}-state`)
const buildLock = join(stateDir, "lock")
const usersDir = join(stateDir, "users")
const fingerprintFile = join(exampleDir, distDir, "gatehouse-e2e-inputs")

/** `next start` as a test sees it. */
export type RunningApp = RunningServer

export { freePort }

export function newSecret(): string {
  return randomBytes(32).toString("base64url")
}

/** Files under `dir`, skipping what builds and installs write (node_modules, .next*, next-env.d.ts…). */
function sourceFiles(dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".next") || entry.name === "next-env.d.ts") continue
    if (entry.name.endsWith(".tsbuildinfo") || entry.name.startsWith("gatehouse-example.db")) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files.push(...sourceFiles(path))
    else if (entry.isFile()) files.push(path)
  }
  return files.sort()
}

/** A hash of every input of the example's build: same inputs, same build. */
function buildInputsFingerprint(): string {
  const hash = createHash("sha256")
  const inputs = [
    ...sourceFiles(exampleDir),
    ...builtPackages.flatMap((name) => [
      join(repoRoot, "packages", name, "package.json"),
      ...sourceFiles(join(repoRoot, "packages", name, "dist")),
    ]),
    join(repoRoot, "package-lock.json"),
  ]
  for (const file of inputs) {
    hash.update(relative(repoRoot, file)).update("\0").update(readFileSync(file)).update("\0")
  }
  return hash.digest("hex")
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

/** Takes the build lock (a file holding our pid), waiting while a live process holds it. */
async function takeBuildLock(timeoutMs: number): Promise<void> {
  mkdirSync(stateDir, { recursive: true })
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      const fd = openSync(buildLock, "wx")
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    }
    // A holder that died (a killed test run) leaves its lock behind: take it over.
    const holder = Number(readFileSync(buildLock, "utf8").trim() || "0")
    if (holder && holder !== process.pid && !processIsAlive(holder)) {
      rmSync(buildLock, { force: true })
      continue
    }
    if (Date.now() > deadline) throw new Error(`another process (${holder}) held ${buildLock} for too long`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** This test worker, as `<pid>-<thread>` (vitest may run test files in threads of one process). */
const thisUser = `${process.pid}-${threadId}`

/** Other live test workers using the current build; the records of dead processes are dropped. */
function otherBuildUsers(): string[] {
  mkdirSync(usersDir, { recursive: true })
  const live: string[] = []
  for (const name of readdirSync(usersDir)) {
    if (name === thisUser) continue
    const pid = Number(name.split("-")[0])
    if (pid && processIsAlive(pid)) live.push(name)
    else rmSync(join(usersDir, name), { force: true })
  }
  return live
}

/** Marks this worker as a user of the current build (until its process exits). */
function useBuild(): void {
  mkdirSync(usersDir, { recursive: true })
  writeFileSync(join(usersDir, thisUser), "")
}

/**
 * `next build` of the app in `cwd` (the example unless named) into `.next-e2e`, run asynchronously: a synchronous
 * spawn would stall vitest's worker (and its RPC) for the whole build. Its output, for tests that read its warnings.
 */
export async function runNextBuild(cwd = exampleDir, args: string[] = []): Promise<string> {
  const build = spawn(process.execPath, [nextBin, "build", ...args], {
    cwd,
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  build.stdout!.on("data", (chunk) => (output += chunk))
  build.stderr!.on("data", (chunk) => (output += chunk))
  const status = await new Promise<number | null>((resolve) => build.once("exit", resolve))
  if (status !== 0) throw new Error(`next build failed:\n${output}`)
  return output
}

/**
 * The example's production build, made unless an identical one exists or another test file is
 * using the current one (type checking included: `next build` checks the example's types).
 */
export async function buildExample(): Promise<void> {
  for (const pkg of builtPackages) {
    if (!existsSync(join(repoRoot, "packages", pkg, "dist", "index.js"))) {
      throw new Error(`packages/${pkg} is not built: run \`npm run build\` first`)
    }
  }
  await takeBuildLock(300_000)
  try {
    const fingerprint = buildInputsFingerprint()
    const built = existsSync(fingerprintFile) ? readFileSync(fingerprintFile, "utf8") : undefined
    if (built !== fingerprint) {
      const users = built === undefined ? [] : otherBuildUsers()
      if (users.length) {
        console.warn(`examples/next changed since its e2e build, which test workers ${users.join(", ")} are using: testing that build`)
      } else {
        rmSync(fingerprintFile, { force: true })
        await runNextBuild()
        writeFileSync(fingerprintFile, fingerprint)
      }
    }
    useBuild()
  } finally {
    rmSync(buildLock, { force: true })
  }
}

/** The example's build and Chromium, started side by side: both take a while and they do not compete much. */
export async function buildExampleAndLaunchChromium(): Promise<Browser> {
  const launching = launchChromium()
  // Reported when awaited below (with its "apt-get install -y chromium" hint), not as an unhandled rejection.
  launching.catch(() => {})
  await buildExample()
  return launching
}

/** Where the example's pages are saved for a person to look at (gitignored). */
const screenshotDir = join(repoRoot, ".tmp", "screenshots", "next")

/** Saves `page` as `<name>-light.png` and `<name>-dark.png`, then leaves its colour scheme as it was. */
/**
 * Waits until the browser's path is `pathname`; when it is not, the error says where the browser is and what the
 * page shows (a 500 page, a sign-in error), which a bare timeout does not.
 */
export async function waitForPath(page: Page, pathname: string, timeout = 30_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout })
  } catch (error) {
    const shown = await page
      .locator("body")
      .innerText({ timeout: 2_000 })
      .catch(() => "(no body)")
    throw new Error(`expected the browser at ${pathname}; it is at ${page.url()}, showing: ${shown.slice(0, 500)}`, { cause: error })
  }
}

export async function screenshotInBothColorSchemes(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true })
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme })
    await page.screenshot({ path: join(screenshotDir, `${name}-${colorScheme}.png`), fullPage: true })
  }
  await page.emulateMedia({ colorScheme: null })
}

export interface StartOptions {
  port?: number
  /**
   * The host name in `origin` (the server listens on 127.0.0.1 either way). WebAuthn needs
   * `localhost`: browsers refuse IP addresses as relying party ids.
   */
  hostname?: "127.0.0.1" | "localhost"
  /** The app's folder, built by runNextBuild: the example unless named. */
  cwd?: string
}

/** `next start` (of the example, or the app in `cwd`) on 127.0.0.1, answered once it serves /api/auth/providers (with any status). */
export async function startExample(env: Record<string, string | undefined>, portOrOptions?: number | StartOptions): Promise<RunningApp> {
  const options = typeof portOrOptions === "number" ? { port: portOrOptions } : (portOrOptions ?? {})
  const port = options.port ?? (await freePort())
  const listening = `http://127.0.0.1:${port}`
  const origin = `http://${options.hostname ?? "127.0.0.1"}:${port}`
  const childEnv: Record<string, string> = {}
  for (const [name, value] of Object.entries({ ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1", ...env })) {
    if (value !== undefined) childEnv[name] = value
  }
  return spawnServer({
    command: process.execPath,
    args: [nextBin, "start", "-H", "127.0.0.1", "-p", String(port)],
    cwd: options.cwd ?? exampleDir,
    env: childEnv,
    probeUrl: `${listening}/api/auth/providers`,
    origin,
    label: "next start",
  })
}
