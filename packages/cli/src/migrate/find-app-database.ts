import { adapterDatabase, type AdapterDatabase } from "@gatehouse/core/adapters"
import { findApp, loadAppConfig } from "../doctor/app-config.js"
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
  const app = await findApp(
    directory,
    process.env.NODE_ENV === "production",
    module,
    "say which database: --url postgres://user@host/db, --url file:path.db or --url path.db (or DATABASE_URL), " +
      "or run it in a Next.js, SvelteKit or Qwik City app, or name the module holding the auth config (gatehouse migrate src/auth.ts)",
  )
  const modulePath = app.modulePath
  const config = await loadAppConfig(app, app.framework?.devOrigin ?? "http://localhost:3000")
  if (!config.adapter) throw new UsageError(`${modulePath} configures no adapter: there is no database to migrate`)
  const database = (config.adapter as { [adapterDatabase]?: AdapterDatabase })[adapterDatabase]
  if (!database) {
    throw new UsageError(
      `the adapter of ${modulePath} does not say which database it is on (@gatehouse/adapter-sqlite and @gatehouse/adapter-pg do): give --url`,
    )
  }
  return { database, source: modulePath }
}
