import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { pathToFileURL } from "node:url"

/** What the doctor needs to know about the framework an app is built with. */
export interface Framework {
  name: "next" | "sveltekit" | "qwik"
  /** Where the framework's docs put the auth setup. */
  conventionalModule: string
  /** Where `npm run dev` serves the app, for callback URLs when AUTH_URL is not set. */
  devOrigin: string
  /** The integration serves the routes here whatever the config says. */
  basePath?: string
  /** The integration's basePath when neither the config nor AUTH_URL names one. */
  defaultBasePath?: string
}

const frameworks: (Framework & { dependency: string })[] = [
  { name: "next", dependency: "next", conventionalModule: "auth.ts", devOrigin: "http://localhost:3000", defaultBasePath: "/api/auth" },
  {
    name: "sveltekit",
    dependency: "@sveltejs/kit",
    conventionalModule: "src/auth.ts",
    devOrigin: "http://localhost:5173",
    basePath: "/auth",
  },
  {
    name: "qwik",
    dependency: "@builder.io/qwik-city",
    conventionalModule: "src/routes/plugin@auth.ts",
    devOrigin: "http://localhost:5173",
    basePath: "/auth",
  },
]

/** The framework named in the app's package.json, if any. */
export function detectFramework(directory: string): Framework | undefined {
  const manifestPath = join(directory, "package.json")
  if (!existsSync(manifestPath)) return undefined
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"))
  const dependencies = { ...manifest.dependencies, ...manifest.devDependencies }
  const found = frameworks.find((framework) => framework.dependency in dependencies)
  if (!found) return undefined
  const { dependency: _, ...framework } = found
  return framework
}

/**
 * SvelteKit serves the auth routes at `${kit.paths.base}/auth`: the base comes from svelte.config.js
 * (imported as SvelteKit does; a config that cannot be loaded leaves the default, no base).
 */
export async function withSvelteKitBase(framework: Framework, directory: string): Promise<Framework> {
  if (framework.name !== "sveltekit") return framework
  const file = ["svelte.config.js", "svelte.config.mjs"].map((name) => join(directory, name)).find((path) => existsSync(path))
  if (!file) return framework
  try {
    const { default: config } = await import(pathToFileURL(file).href)
    const base = String(config?.kit?.paths?.base ?? "").replace(/\/+$/, "")
    return { ...framework, basePath: `${base}/auth` }
  } catch {
    return framework
  }
}
