/**
 * Bundles the runtime suite's app for one runtime the way that runtime's own tooling would (wrangler's
 * esbuild conditions for workerd, Next's for the Edge runtime, Deno's and Bun's for theirs), and serves it
 * there on 127.0.0.1. The binaries come from npm (devDependencies `workerd`, `edge-runtime`, `deno`, `bun`).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { basename, join, resolve } from "node:path"
import { build, type BuildOptions } from "esbuild"
import { spawnServer } from "../e2e/support/spawn-server.js"
import type { RuntimeAppEnv } from "./auth-app.js"

export const runtimes = ["node", "workerd", "edge-runtime", "deno", "bun"] as const
export type RuntimeName = (typeof runtimes)[number]

export interface RunningRuntime {
  origin: string
  /** What the runtime printed (for failure messages). */
  output(): string
  stop(): Promise<void>
  /** The bundle as the runtime got it, to inspect for what must not be there. */
  bundle: string
}

const repoRoot = resolve(import.meta.dirname, "../..")
const bin = (name: string) => join(repoRoot, "node_modules", ".bin", name)

/** esbuild options per runtime: the export conditions that runtime's bundler or resolver uses. */
const bundling: Record<RuntimeName, BuildOptions> = {
  node: { platform: "node", format: "esm", conditions: ["node"] },
  workerd: { platform: "browser", format: "esm", conditions: ["workerd", "worker", "browser"] },
  "edge-runtime": { platform: "browser", format: "iife", conditions: ["edge-light", "worker", "browser"] },
  deno: { platform: "node", format: "esm", conditions: ["deno"] },
  bun: { platform: "node", format: "esm", conditions: ["bun"] },
}

async function bundleFor(runtime: RuntimeName, outDir: string): Promise<string> {
  const outfile = join(outDir, `${runtime}.mjs`)
  await build({
    entryPoints: [join(import.meta.dirname, "entries", `${runtime}.ts`)],
    bundle: true,
    outfile,
    nodePaths: [join(repoRoot, "node_modules")],
    logLevel: "silent",
    // esbuild's own shim for require() in ESM output: Node and Bun have one, the rest fail loudly.
    ...(runtime === "node" || runtime === "bun" || runtime === "deno"
      ? {
          banner: {
            js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
          },
        }
      : {}),
    ...bundling[runtime],
  })
  return outfile
}

/** A workerd config: the worker with the env as text bindings, and an outbound network that may reach loopback. */
function workerdConfig(bundleFile: string, env: RuntimeAppEnv, port: number): string {
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

export async function startRuntime(runtime: RuntimeName, env: RuntimeAppEnv, port: number, workDir: string): Promise<RunningRuntime> {
  mkdirSync(workDir, { recursive: true })
  const bundleFile = await bundleFor(runtime, workDir)
  const { readFileSync } = await import("node:fs")
  const bundle = readFileSync(bundleFile, "utf8")
  const origin = `http://127.0.0.1:${port}`
  const processEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env, PORT: String(port) }

  if (runtime === "edge-runtime") {
    // The Edge runtime is a VM inside Node (as in `next dev` and Vercel's own tests): started in-process.
    const { EdgeRuntime, runServer } = await import("edge-runtime")
    const edge = new EdgeRuntime({
      initialCode: bundle,
      extend: (context) => Object.assign(context, { RUNTIME_APP_ENV: env }),
    })
    const server = await runServer({ runtime: edge, port, host: "127.0.0.1" })
    return { origin, bundle, output: () => "", stop: () => server.close() }
  }

  const commands: Record<Exclude<RuntimeName, "edge-runtime">, [string, string[]]> = {
    node: [process.execPath, [bundleFile]],
    workerd: [bin("workerd"), ["serve", "--verbose", writeWorkerdConfig(workDir, bundleFile, env, port)]],
    deno: [bin("deno"), ["run", "--allow-net", "--allow-env", "--no-prompt", bundleFile]],
    bun: [bin("bun"), ["run", bundleFile]],
  }
  const [command, args] = commands[runtime]
  const server = await spawnServer({
    command,
    args,
    cwd: workDir,
    env: processEnv,
    probeUrl: `${origin}/auth/csrf`,
    origin,
    label: runtime,
  })
  return { origin, bundle, output: server.output, stop: server.stop }
}

function writeWorkerdConfig(workDir: string, bundleFile: string, env: RuntimeAppEnv, port: number): string {
  const file = join(workDir, "workerd.capnp")
  writeFileSync(file, workerdConfig(bundleFile, env, port))
  return file
}
