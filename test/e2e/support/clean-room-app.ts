/**
 * Clean-room apps: an app as a user has it after `npm install @gatehouse/<framework>` and
 * nothing else. Its package.json lists only the framework, its UI library and the Gatehouse
 * package; the Gatehouse packages are installed from `npm pack` tarballs into the app's own
 * node_modules (copies, as from the registry, so they cannot see the workspace's node_modules
 * folders that hold the optional peers). The framework resolves from the workspace's root
 * node_modules, which holds neither @simplewebauthn/server nor nodemailer: `assertCannotResolve`
 * proves that before a build counts.
 *
 * Apps are written under .tmp/clean-room/ (ignored by git), one folder per app and test run.
 */
import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { promisify } from "node:util"
import { type RunningServer, spawnServer } from "./spawn-server.js"

export type { RunningServer }

const run = promisify(execFile)
export const repoRoot = resolve(import.meta.dirname, "../../..")
export const optionalPeers = ["@simplewebauthn/server", "nodemailer"]

export interface CleanRoomApp {
  dir: string
  /** Runs a command in the app (NODE_ENV=production: vitest's "test" would make dev builds). */
  exec: (command: string, args: string[], env?: Record<string, string>) => Promise<string>
  remove: () => void
}

interface PackedPackage {
  tarball: string
  manifest: { name: string; dependencies?: Record<string, string> }
  workspaceDir: string
}

const packed = new Map<string, Promise<PackedPackage>>()
const tarballsDir = join(repoRoot, ".tmp", "clean-room", `tarballs-${process.pid}-${randomBytes(3).toString("hex")}`)

/** Deletes this test file's tarballs (call in afterAll). */
export function removeTarballs(): void {
  rmSync(tarballsDir, { recursive: true, force: true })
  packed.clear()
}

/** `npm pack` of a workspace package (its published files only), once per test file. */
function pack(folder: string, into: string): Promise<PackedPackage> {
  let result = packed.get(folder)
  if (!result) {
    const workspaceDir = join(repoRoot, "packages", folder)
    if (!existsSync(join(workspaceDir, "dist"))) throw new Error(`packages/${folder} is not built: run \`npm run build\` first`)
    result = (async () => {
      mkdirSync(into, { recursive: true })
      const { stdout } = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", into], { cwd: workspaceDir })
      const [{ filename }] = JSON.parse(stdout) as [{ filename: string }]
      return { tarball: join(into, filename), manifest: JSON.parse(readFileSync(join(workspaceDir, "package.json"), "utf8")), workspaceDir }
    })()
    packed.set(folder, result)
  }
  return result
}

const workspaceFolders: Record<string, string> = {
  "@gatehouse/core": "core",
  "@gatehouse/webauthn-browser": "webauthn-browser",
  "@gatehouse/next": "next",
  "@gatehouse/sveltekit": "sveltekit",
  "@gatehouse/qwik": "qwik",
}

/**
 * Writes the app's files and package.json, then installs the Gatehouse package and its Gatehouse
 * dependencies from tarballs, and their other dependencies the way npm would place them when
 * the workspace root does not already provide them.
 */
export async function createCleanRoomApp(
  name: string,
  /** Without `gatehouse`, the app has only `framework` (e.g. next-auth, before a migration). */
  options: { gatehouse?: string; framework: string[]; files: Record<string, string>; scripts?: Record<string, string> },
): Promise<CleanRoomApp> {
  const dir = join(repoRoot, ".tmp", "clean-room", `${name}-${process.pid}-${randomBytes(3).toString("hex")}`)
  const tarballs = tarballsDir
  rmSync(dir, { recursive: true, force: true })
  for (const [path, text] of Object.entries(options.files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }

  const pending = options.gatehouse ? [options.gatehouse] : []
  const installed = new Set<string>()
  let gatehouseTarball = ""
  while (pending.length) {
    const pkgName = pending.shift()!
    if (installed.has(pkgName)) continue
    installed.add(pkgName)
    const pkg = await pack(workspaceFolders[pkgName] ?? fail(`no workspace folder for ${pkgName}`), tarballs)
    if (pkgName === options.gatehouse) gatehouseTarball = pkg.tarball
    const target = join(dir, "node_modules", pkgName)
    mkdirSync(target, { recursive: true })
    await run("tar", ["-xzf", pkg.tarball, "-C", target, "--strip-components=1"])
    for (const dependency of Object.keys(pkg.manifest.dependencies ?? {})) {
      if (dependency.startsWith("@gatehouse/")) pending.push(dependency)
      else if (!canResolve(target, dependency)) {
        // Not hoisted to the workspace root: copy the workspace's copy, as npm would install it.
        const source = packageDir(pkg.workspaceDir, dependency)
        cpSync(source, join(dir, "node_modules", dependency), { recursive: true, dereference: true })
      }
    }
  }

  const dependencies: Record<string, string> = {}
  for (const pkg of options.framework) {
    dependencies[pkg] = `^${JSON.parse(readFileSync(join(repoRoot, "node_modules", pkg, "package.json"), "utf8")).version}`
  }
  if (options.gatehouse) dependencies[options.gatehouse] = `file:${relative(dir, gatehouseTarball)}`
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name, private: true, type: "module", scripts: options.scripts ?? {}, dependencies }, null, 2),
  )

  const app: CleanRoomApp = {
    dir,
    exec: async (command, args, env = {}) => {
      try {
        const { stdout, stderr } = await run(command, args, {
          cwd: dir,
          env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env },
          maxBuffer: 32 * 1024 * 1024,
        })
        return stdout + stderr
      } catch (error) {
        const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string }
        throw new Error(`${command} ${args.join(" ")} failed in ${dir}:\n${stdout}\n${stderr}`)
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
  return app
}

function fail(message: string): never {
  throw new Error(message)
}

/**
 * Where `dependency` is found from `fromDir` by Node's (and every bundler's) lookup: the
 * nearest node_modules folder up the tree that holds it. Exports maps do not matter here.
 */
function findPackage(fromDir: string, dependency: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", dependency)
    if (existsSync(join(candidate, "package.json"))) return realpathSync(candidate)
    if (dirname(dir) === dir) return undefined
  }
}

function canResolve(fromDir: string, dependency: string): boolean {
  return findPackage(fromDir, dependency) !== undefined
}

/** The folder of `dependency` as the workspace package at `fromDir` resolves it. */
function packageDir(fromDir: string, dependency: string): string {
  return findPackage(fromDir, dependency) ?? fail(`${dependency} is not installed for ${fromDir}`)
}

/** Throws unless neither the app nor its @gatehouse/core copy can resolve any optional peer. */
export function assertCannotResolveOptionalPeers(app: CleanRoomApp): void {
  const from = [app.dir, join(app.dir, "node_modules", "@gatehouse", "core")]
  for (const dir of from) {
    if (!existsSync(join(dir, "package.json"))) throw new Error(`${dir} has no package.json`)
    for (const peer of optionalPeers) {
      if (canResolve(dir, peer)) throw new Error(`${peer} resolves from ${dir}: this app is not clean`)
    }
  }
}

/** Starts a built app's server and waits until `probePath` answers (any status). */
export async function startServer(
  app: CleanRoomApp,
  command: string[],
  origin: string,
  env: Record<string, string>,
  probePath: string,
): Promise<RunningServer> {
  return spawnServer({
    command: command[0]!,
    args: command.slice(1),
    cwd: app.dir,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env } as Record<string, string>,
    probeUrl: `${origin}${probePath}`,
    origin,
    label: command.join(" "),
  })
}
