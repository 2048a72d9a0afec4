/**
 * Bundles an app for one runtime the way that runtime's own tooling would (wrangler's esbuild conditions
 * for workerd, Next's for the Edge runtime, Deno's and Bun's for theirs), and serves it there on
 * 127.0.0.1. The binaries come from npm (devDependencies `workerd`, `edge-runtime`, `deno`, `bun`).
 * Plain JavaScript: the runtime scenario suite and `bench/runtimes.mjs` both start runtimes with it.
 */
import { spawn } from "node:child_process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { basename, join, resolve } from "node:path"
import { build } from "esbuild"

export const runtimes = /** @type {const} */ (["node", "workerd", "edge-runtime", "deno", "bun"])
/** @typedef {(typeof runtimes)[number]} RuntimeName */

const repoRoot = resolve(import.meta.dirname, "../..")
const bin = (/** @type {string} */ name) => join(repoRoot, "node_modules", ".bin", name)

/** esbuild options per runtime: the export conditions that runtime's bundler or resolver uses. */
const bundling = {
  node: { platform: "node", format: "esm", conditions: ["node"] },
  workerd: { platform: "browser", format: "esm", conditions: ["workerd", "worker", "browser"] },
  "edge-runtime": { platform: "browser", format: "iife", conditions: ["edge-light", "worker", "browser"] },
  deno: { platform: "node", format: "esm", conditions: ["deno"] },
  bun: { platform: "node", format: "esm", conditions: ["bun"] },
}
// esbuild's require() for CommonJS inside ESM output: Node, Deno and Bun have createRequire.
const requireShim = 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);'

/**
 * Bundles `entries/<runtime>.ts` with `appModule` as the app it serves (the entries import "runtime-app").
 * @param {RuntimeName} runtime
 * @param {string} appModule absolute path of a module exporting `createRuntimeApp(env)`
 * @param {string} outDir
 */
export async function bundleFor(runtime, appModule, outDir) {
  mkdirSync(outDir, { recursive: true })
  const outfile = join(outDir, `${runtime}.mjs`)
  await build({
    entryPoints: [join(import.meta.dirname, "entries", `${runtime}.ts`)],
    bundle: true,
    minify: true,
    outfile,
    alias: { "runtime-app": appModule },
    nodePaths: [join(repoRoot, "node_modules")],
    logLevel: "silent",
    ...(bundling[runtime].platform === "node" ? { banner: { js: requireShim } } : {}),
    ...bundling[runtime],
  })
  return outfile
}

/** A workerd config: the worker with the env as text bindings, and an outbound network that may reach loopback. */
function workerdConfig(/** @type {string} */ bundleFile, /** @type {Record<string, string>} */ env, /** @type {number} */ port) {
  const bindings = Object.entries(env)
    .map(([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`)
    .join(",\n      ")
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .app),
    # The default outbound service is named "internet"; it must reach the IdP and stand-ins on 127.0.0.1.
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);
const app :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed ${JSON.stringify(basename(bundleFile))})],
  compatibilityDate = "2025-09-01",
  bindings = [
      ${bindings}
  ],
);
`
}

/**
 * @typedef {object} RunningRuntime
 * @property {string} origin
 * @property {string} bundle the bundle as the runtime got it, to inspect for what must not be there
 * @property {() => string} output what the runtime printed
 * @property {() => Promise<void>} stop
 */

/**
 * Serves `bundleFile` (from `bundleFor`) in `runtime` on 127.0.0.1:`port` and resolves once `probePath`
 * answers (any status), polling every 10 ms so a caller can time the start.
 * @param {RuntimeName} runtime
 * @param {string} bundleFile
 * @param {Record<string, string>} env what the app gets (bindings, env variables, or a global)
 * @param {number} port
 * @param {string} [probePath]
 * @returns {Promise<RunningRuntime>}
 */
export async function serveBundle(runtime, bundleFile, env, port, probePath = "/auth/csrf") {
  const bundle = readFileSync(bundleFile, "utf8")
  const origin = `http://127.0.0.1:${port}`

  if (runtime === "edge-runtime") {
    // The Edge runtime is a VM inside Node (as in `next dev` and Vercel's own tests): started in-process.
    const { EdgeRuntime, runServer } = await import("edge-runtime")
    const edge = new EdgeRuntime({ initialCode: bundle, extend: (context) => Object.assign(context, { RUNTIME_APP_ENV: env }) })
    const server = await runServer({ runtime: edge, port, host: "127.0.0.1" })
    await answered(
      `${origin}${probePath}`,
      () => false,
      "edge-runtime",
      () => "",
    )
    return { origin, bundle, output: () => "", stop: () => server.close() }
  }

  const workDir = join(bundleFile, "..")
  const commands = {
    node: [process.execPath, [bundleFile]],
    workerd: [bin("workerd"), ["serve", writeWorkerdConfig(workDir, bundleFile, env, port)]],
    deno: [bin("deno"), ["run", "--allow-net", "--allow-env", "--no-prompt", bundleFile]],
    bun: [bin("bun"), ["run", bundleFile]],
  }
  const [command, args] = commands[runtime]
  let output = ""
  const child = spawn(command, args, {
    cwd: workDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  })
  child.stdout.on("data", (chunk) => (output += chunk))
  child.stderr.on("data", (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once("exit", resolve))
  try {
    await answered(
      `${origin}${probePath}`,
      () => child.exitCode !== null,
      runtime,
      () => output,
    )
  } catch (error) {
    child.kill("SIGKILL")
    throw error
  }
  return {
    origin,
    bundle,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
    },
  }
}

/**
 * Bundles the app for `runtime` and serves it: `bundleFor` then `serveBundle`.
 * @param {RuntimeName} runtime
 * @param {string} appModule
 * @param {Record<string, string>} env
 * @param {number} port
 * @param {string} workDir
 */
export async function startRuntime(runtime, appModule, env, port, workDir) {
  return serveBundle(runtime, await bundleFor(runtime, appModule, workDir), env, port)
}

async function answered(
  /** @type {string} */ url,
  /** @type {() => boolean} */ hasExited,
  /** @type {string} */ label,
  /** @type {() => string} */ output,
) {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (hasExited()) throw new Error(`${label} exited early:\n${output()}`)
    try {
      await (await fetch(url)).arrayBuffer()
      return
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${label} did not answer within 30 s:\n${output()}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

function writeWorkerdConfig(
  /** @type {string} */ workDir,
  /** @type {string} */ bundleFile,
  /** @type {Record<string, string>} */ env,
  /** @type {number} */ port,
) {
  const file = join(workDir, "workerd.capnp")
  writeFileSync(file, workerdConfig(bundleFile, env, port))
  return file
}
