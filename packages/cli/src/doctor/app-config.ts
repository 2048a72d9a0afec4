import { redactUrlsIn } from "@gatehouse/core/doctor"
import type { AuthConfig } from "@gatehouse/core/types"
import { UsageError } from "../usage-error.js"
import { detectFramework, type Framework, withSvelteKitBase } from "./frameworks.js"
import { loadAuthModule, resolveConfigInit } from "./load-auth-config.js"
import { loadEnv } from "./load-env.js"

/** An app as the commands that read its auth config see it. */
export interface App {
  directory: string
  production: boolean
  /** The environment the app sees: the process's, then its .env files. */
  env: Record<string, string | undefined>
  /** The .env files read. */
  files: string[]
  framework: Framework | undefined
  /** The module holding the auth config: the one named, or the framework's conventional one. */
  modulePath: string
}

/**
 * The app in `directory`: its environment (copied into process.env, since the app's module reads
 * process.env in Next.js and $env in SvelteKit, and both must see the .env files), its framework
 * and the module holding its auth config. Without a module named and no framework to say where it
 * is, a UsageError with `whenNoModule`.
 */
export async function findApp(directory: string, production: boolean, module: string | undefined, whenNoModule: string): Promise<App> {
  const { env, files } = loadEnv(directory, production ? "production" : "development", process.env)
  for (const [name, value] of Object.entries(env)) if (process.env[name] === undefined && value !== undefined) process.env[name] = value
  const detected = detectFramework(directory)
  const framework = detected && (await withSvelteKitBase(detected, directory))
  const modulePath = module ?? framework?.conventionalModule
  if (!modulePath) throw new UsageError(whenNoModule)
  return { directory, production, env, files, framework, modulePath }
}

/** The app's auth config, a lazy one called as on a first request from `origin`; its throw becomes a UsageError naming the module. */
export async function loadAppConfig(app: App, origin: string): Promise<AuthConfig> {
  const { init } = await loadAuthModule(app.modulePath, { directory: app.directory, env: app.env, production: app.production })
  try {
    return await resolveConfigInit(init, app.framework, app.env, origin)
  } catch (error) {
    if (error instanceof UsageError) throw error
    // Its message may quote a URL from the environment (a database, AUTH_URL): printed without credentials.
    throw new UsageError(`the config function of ${app.modulePath} threw: ${redactUrlsIn((error as Error).message)}`)
  }
}
