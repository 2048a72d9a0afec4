import { adapterDatabase, type AdapterDatabase } from "@gatehouse/core/adapters"
import { detectFramework, withSvelteKitBase } from "../doctor/frameworks.js"
import { loadAuthModule, resolveConfigInit } from "../doctor/load-auth-config.js"
import { loadEnv } from "../doctor/load-env.js"
import { UsageError } from "../usage-error.js"

/**
 * The database the app's own auth config uses, found the way `gatehouse doctor` finds the config:
 * the environment the app sees (.env files included), the framework's conventional auth module (or
 * the one named), a lazy config called as on a first request. Gatehouse's adapters say which
 * database they are on (under `adapterDatabase`); loading the module runs its top-level code, so
 * a SQLite adapter opens (and migrates) its file, as at the app's start-up.
 */
export async function findAppDatabase(
  directory: string,
  module: string | undefined,
): Promise<{ database: AdapterDatabase; source: string }> {
  const production = process.env.NODE_ENV === "production"
  const { env } = loadEnv(directory, production ? "production" : "development", process.env)
  for (const [name, value] of Object.entries(env)) if (process.env[name] === undefined && value !== undefined) process.env[name] = value

  const detected = detectFramework(directory)
  const framework = detected && (await withSvelteKitBase(detected, directory))
  const modulePath = module ?? framework?.conventionalModule
  if (!modulePath) {
    throw new UsageError(
      "say which database: --url postgres://user@host/db, --url file:path.db or --url path.db (or DATABASE_URL), " +
        "or run it in a Next.js, SvelteKit or Qwik City app, or name the module holding the auth config (gatehouse migrate src/auth.ts)",
    )
  }
  const { init } = await loadAuthModule(modulePath, { directory, env, production })
  let config: Awaited<ReturnType<typeof resolveConfigInit>>
  try {
    config = await resolveConfigInit(init, framework, env, framework?.devOrigin ?? "http://localhost:3000")
  } catch (error) {
    if (error instanceof UsageError) throw error
    throw new UsageError(`the config function of ${modulePath} threw: ${(error as Error).message}`)
  }
  if (!config.adapter) throw new UsageError(`${modulePath} configures no adapter: there is no database to migrate`)
  const database = (config.adapter as { [adapterDatabase]?: AdapterDatabase })[adapterDatabase]
  if (!database) {
    throw new UsageError(
      `the adapter of ${modulePath} does not say which database it is on (@gatehouse/adapter-sqlite and @gatehouse/adapter-pg do): give --url`,
    )
  }
  return { database, source: modulePath }
}
