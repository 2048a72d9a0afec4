import type { Pool } from "pg"
import { migrations } from "./schema.js"

/** The migration that adds the session metadata columns. */
export const sessionMetadataVersion = 4

const metadataColumns = ["createdAt", "lastSeenAt", "userAgent", "provider", "providerSessionId"]

/**
 * A session-management method ran on a database without the session metadata columns (an Auth.js
 * schema, or one migrated by an older @gatehouse/adapter-pg). The Auth.js methods keep working on
 * it; these need schema version 4: run `migrate(pool)` (or `npx gatehouse migrate`) once.
 */
export class MigrationRequiredError extends Error {
  /** The schema version the method needs. */
  readonly version = sessionMetadataVersion

  constructor(method: string) {
    const migration = migrations.find((m) => m.version === sessionMetadataVersion)!
    super(
      `@gatehouse/adapter-pg: ${method}() needs schema version ${migration.version} (${migration.description}), ` +
        `which this database has not had. Run migrate(pool) once, or \`npx gatehouse migrate --url <database url>\`: ` +
        `it adds nullable columns and keeps every row.`,
    )
    this.name = "MigrationRequiredError"
  }
}

/** After this long, a database found without the columns is looked at again (a migrate() run meanwhile counts). */
const recheckAbsentAfterMs = 30_000

/**
 * Whether the `sessions` table (as the search path finds it, like every query of the adapter) has
 * all the metadata columns. Found once, it is remembered: columns are never removed by Gatehouse.
 * Not found, the answer is kept for a while only, so that the session reads of a running app
 * pick up a migration without a restart, and `fresh` asks the database right away (for the
 * session-management methods, which fail rather than answer without the columns).
 */
export function sessionMetadataColumns(pool: Pool): (options?: { fresh?: boolean }) => Promise<boolean> {
  let present = false
  let absentSince = 0
  let pending: Promise<boolean> | undefined

  function probe(): Promise<boolean> {
    pending ??= pool
      .query<{ n: number }>({
        name: "gatehouse_session_metadata_columns",
        text: `SELECT count(*)::int AS n FROM pg_attribute
               WHERE attrelid = to_regclass('sessions') AND attname = ANY($1::text[]) AND NOT attisdropped`,
        values: [metadataColumns],
      })
      .then(({ rows }) => {
        present = rows[0]!.n === metadataColumns.length
        absentSince = present ? 0 : Date.now()
        return present
      })
      .finally(() => {
        pending = undefined
      })
    return pending
  }

  return async (options) => {
    if (present) return true
    if (!options?.fresh && absentSince && Date.now() - absentSince < recheckAbsentAfterMs) return false
    return probe()
  }
}
