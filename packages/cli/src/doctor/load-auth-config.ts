import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { build, type Plugin } from "esbuild"
import type { AuthConfig } from "@gatehouse/core/types"
import { UsageError } from "../usage-error.js"
import type { Framework } from "./frameworks.js"

const captured = Symbol.for("gatehouse.doctor.captured")

/**
 * The integration entry points an auth module calls with its config. Loaded for the doctor they
 * only remember what they were given; the rest of each package (and everything else in
 * node_modules) is the app's own, imported as it is.
 */
const integrationShims: Record<string, string> = {
  "@gatehouse/next": "next",
  "next-auth": "next",
  "@gatehouse/sveltekit": "sveltekit",
  "@auth/sveltekit": "sveltekit",
  "@gatehouse/qwik": "qwik",
  "@auth/qwik": "qwik",
}

function integrationShim(kind: string, coreErrors: string, coreIndex: string): string {
  const common = `
    import { AuthError, CredentialsSignin } from ${JSON.stringify(coreErrors)}
    import { customFetch } from ${JSON.stringify(coreIndex)}
    export { AuthError, CredentialsSignin, customFetch }
    const capture = (init) => { globalThis[Symbol.for("gatehouse.doctor.captured")] = { init } }
    const notForDoctor = () => { throw new Error("not available while gatehouse doctor loads the config") }`
  if (kind === "next") {
    return `${common}
      export default function NextAuth(init) {
        capture(init)
        return { handlers: { GET: notForDoctor, POST: notForDoctor }, auth: notForDoctor, signIn: notForDoctor, signOut: notForDoctor, unstable_update: notForDoctor }
      }
      export { NextAuth }
      export const isRedirectError = () => false`
  }
  if (kind === "sveltekit") {
    return `${common}
      export function SvelteKitAuth(init) {
        capture(init)
        return { handle: ({ event, resolve }) => resolve(event), signIn: notForDoctor, signOut: notForDoctor }
      }`
  }
  return `${common}
    export function QwikAuth$(init) {
      capture(init)
      return { onRequest: () => {}, useSession: notForDoctor, useSignIn: notForDoctor, useSignOut: notForDoctor }
    }
    export const QwikAuthQrl = QwikAuth$
    export const setEnvDefaults = () => {}`
}

/** Framework modules that exist only inside the framework's build (SvelteKit's `$env`, Qwik's build flags). */
function virtualModule(path: string, env: Record<string, string | undefined>, production: boolean): string | undefined {
  const publicEnv = Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith("PUBLIC_")))
  const constants = (values: Record<string, string | undefined>) =>
    Object.entries(values)
      .filter(([name]) => /^[A-Za-z_$][\w$]*$/.test(name))
      .map(([name, value]) => `export const ${name} = ${JSON.stringify(value ?? "")}`)
      .join("\n")
  switch (path) {
    case "$env/dynamic/private":
      return "export const env = process.env"
    case "$env/dynamic/public":
      return `export const env = ${JSON.stringify(publicEnv)}`
    case "$env/static/private":
      return constants(env)
    case "$env/static/public":
      return constants(publicEnv)
    case "$app/environment":
      return `export const dev = ${!production}, building = false, browser = false, version = ""`
    case "$app/paths":
      return `export const base = "", assets = ""`
    case "server-only":
      // Next.js apps mark server modules with it; outside Next's react-server build it throws.
      return ""
    case "@builder.io/qwik/build":
      return `export const isServer = true, isBrowser = false, isDev = ${!production}`
  }
  return undefined
}

/**
 * Loads a TypeScript (or JavaScript) auth module without the app's build: esbuild bundles the
 * app's own files (its tsconfig `paths` included), leaves packages to Node, and swaps the
 * integration's entry point for one that records the config it is given. The module's default
 * export is used when no integration was called.
 */
export async function loadAuthModule(
  modulePath: string,
  options: { directory: string; env: Record<string, string | undefined>; production: boolean },
): Promise<{ init: unknown }> {
  const entry = resolve(options.directory, modulePath)
  if (!existsSync(entry)) throw new UsageError(`${modulePath} does not exist (in ${options.directory})`)
  const coreErrors = import.meta.resolve("@gatehouse/core/errors")
  const coreIndex = import.meta.resolve("@gatehouse/core")
  const srcLib = join(options.directory, "src", "lib")
  const plugin: Plugin = {
    name: "gatehouse-doctor",
    setup(build) {
      build.onResolve({ filter: /^(@gatehouse\/(next|sveltekit|qwik)|next-auth|@auth\/(sveltekit|qwik))$/ }, (args) => ({
        path: args.path,
        namespace: "gatehouse-integration",
      }))
      build.onLoad({ filter: /.*/, namespace: "gatehouse-integration" }, (args) => ({
        contents: integrationShim(integrationShims[args.path]!, coreErrors, coreIndex),
        loader: "js",
      }))
      // The shims' own imports: the CLI's core, by URL, for Node to load.
      build.onResolve({ filter: /^file:/ }, (args) => ({ path: args.path, external: true }))
      build.onResolve({ filter: /^(\$env\/|\$app\/|@builder\.io\/qwik\/build$|server-only$)/ }, (args) => ({
        path: args.path,
        namespace: "gatehouse-virtual",
      }))
      build.onLoad({ filter: /.*/, namespace: "gatehouse-virtual" }, (args) => {
        const contents = virtualModule(args.path, options.env, options.production)
        if (contents === undefined) return { errors: [{ text: `gatehouse doctor cannot provide ${args.path}` }] }
        return { contents, loader: "js" }
      })
      build.onResolve({ filter: /^\$lib(\/|$)/ }, (args) =>
        build.resolve(`./${args.path.slice("$lib".length).replace(/^\//, "") || "index"}`, { resolveDir: srcLib, kind: args.kind }),
      )
    },
  }
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: options.directory,
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "silent",
    plugins: [plugin],
    banner: {
      js: 'import { createRequire as __gatehouseCreateRequire } from "node:module"; const require = __gatehouseCreateRequire(import.meta.url);',
    },
  }).catch((error: { errors?: { text: string; location?: { file: string; line: number } | null }[] }) => {
    const first = error.errors?.[0]
    const where = first?.location ? ` (${first.location.file}:${first.location.line})` : ""
    throw new UsageError(`cannot load ${modulePath}: ${first?.text ?? String(error)}${where}`)
  })
  // Written inside the app, so Node resolves the packages the module imports from the app's node_modules.
  const cacheDirectory = existsSync(join(options.directory, "node_modules"))
    ? join(options.directory, "node_modules", ".cache", "gatehouse")
    : join(options.directory, ".gatehouse")
  mkdirSync(cacheDirectory, { recursive: true })
  const bundle = join(cacheDirectory, `doctor-${process.pid}-${Date.now()}.mjs`)
  writeFileSync(bundle, result.outputFiles[0]!.text)
  const globals = globalThis as Record<symbol, unknown>
  delete globals[captured]
  try {
    const module = await import(pathToFileURL(bundle).href)
    const call = globals[captured] as { init: unknown } | undefined
    if (call) return call
    if (module.default !== undefined) return { init: module.default }
    throw new UsageError(
      `${modulePath} neither calls NextAuth / SvelteKitAuth / QwikAuth$ nor has a default export: point the doctor at a module whose default export is the config (or a function returning it)`,
    )
  } finally {
    rmSync(bundle, { force: true })
    if (cacheDirectory.endsWith(".gatehouse")) rmSync(cacheDirectory, { recursive: true, force: true })
  }
}

/** The config itself: a lazy config is called as the framework would call it on a first request. */
export async function resolveConfigInit(
  init: unknown,
  framework: Framework | undefined,
  env: Record<string, string | undefined>,
  origin: string,
): Promise<AuthConfig> {
  if (typeof init !== "function") {
    if (!init || typeof init !== "object") throw new UsageError("the auth module's config is not an object")
    return init as AuthConfig
  }
  const url = new URL(origin)
  const request = new Request(url)
  let argument: unknown
  if (framework?.name === "sveltekit") {
    argument = {
      url,
      request,
      params: {},
      route: { id: null },
      locals: {},
      platform: undefined,
      cookies: { get: () => undefined, getAll: () => [], set() {}, delete() {}, serialize: () => "" },
      getClientAddress: () => "127.0.0.1",
      setHeaders() {},
      fetch,
      isDataRequest: false,
      isSubRequest: false,
    }
  } else if (framework?.name === "qwik") {
    argument = {
      url,
      request,
      env: { get: (name: string) => env[name] },
      platform: {},
      sharedMap: new Map(),
      params: {},
      query: url.searchParams,
    }
  }
  // Next.js calls a lazy config with the request, or with nothing outside one (auth() in a server component).
  const config = await (init as (argument: unknown) => unknown)(argument)
  if (!config || typeof config !== "object") throw new UsageError("the auth module's config function did not return a config object")
  return config as AuthConfig
}
