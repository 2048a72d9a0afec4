import type { Pool } from "pg"
import { migrations } from "./schema.js"

/** The migration that adds the session metadata columns (migration 6 adds one more; session management works without it). */
export const sessionMetadataVersion = 4

const metadataColumns = ["createdAt", "lastSeenAt", "userAgent", "provider", "providerSessionId"]

/**
 * A method ran on a database that has not had the migration it needs: the session metadata columns
 * (version 4: session management, on an Auth.js schema or one migrated by an older
 * @gatehouse/adapter-pg), or a table of Gatehouse's own (owned sessions, version 9). The Auth.js
 * methods keep working on such a database; run `migrate(pool)` (or `npx @gatehouse/cli migrate`) once.
 */
export class MigrationRequiredError extends Error {
  constructor(
    method: string,
    /** The schema version the method needs. */
    readonly version: number = sessionMetadataVersion,
  ) {
    const migration = migrations.find((m) => m.version === version)!
    super(
      `@gatehouse/adapter-pg: ${method}() needs schema version ${migration.version} (${migration.description}), ` +
        `which this database has not had. Run migrate(pool) once, or \`npx @gatehouse/cli migrate --url <database url>\`: ` +
        "it keeps every row.",
    )
    this.name = "MigrationRequiredError"
  }
}

/**
 * Which session columns a database has: only those of the Auth.js schema (before migration 4),
 * the metadata of migration 4, or also the account a session was signed in through (migration 6).
 */
export type SessionColumns = "auth.js" | "metadata" | "metadata-and-account" | "metadata-account-and-authentication"

/** Migration 6's column: the account a session was signed in through. */
const accountColumn = "providerAccountId"
/** Migration 7's columns: when and how the session's user last proved who they are. */
const authenticationColumns = ["authenticatedAt", "authenticationMethods"]

/** After this long, a database found without some of the columns is looked at again (a migrate() run meanwhile counts). */
const recheckAbsentAfterMs = 30_000

/**
 * Which session columns the `sessions` table (as the search path finds it, like every query of
 * the adapter) has. Found complete, the answer is remembered: columns are never removed by
 * Gatehouse. Otherwise it is kept for a while only, so that the session reads of a running app
 * pick up a migration without a restart, and `fresh` asks the database right away when the
 * metadata is missing (for the session-management methods, which fail rather than answer without
 * it; without migration 6's column alone they work, recording no account).
 */
export function sessionColumns(pool: Pool): (options?: { fresh?: boolean }) => Promise<SessionColumns> {
  let known: SessionColumns = "auth.js"
  let checkedAt = 0
  let pending: Promise<SessionColumns> | undefined

  function probe(): Promise<SessionColumns> {
    pending ??= pool
      .query<{ names: string[] | null }>({
        name: "gatehouse_session_columns",
        text: `SELECT array_agg(attname::text) AS names FROM pg_attribute
               WHERE attrelid = to_regclass('sessions') AND attname = ANY($1::text[]) AND NOT attisdropped`,
        values: [[...metadataColumns, accountColumn, ...authenticationColumns]],
      })
      .then(({ rows }) => {
        const names = new Set(rows[0]?.names ?? [])
        const metadata = metadataColumns.every((name) => names.has(name))
        const authentication = authenticationColumns.every((name) => names.has(name))
        known = !metadata
          ? "auth.js"
          : !names.has(accountColumn)
            ? "metadata"
            : authentication
              ? "metadata-account-and-authentication"
              : "metadata-and-account"
        checkedAt = Date.now()
        return known
      })
      .finally(() => {
        pending = undefined
      })
    return pending
  }

  return async (options) => {
    if (known === "metadata-account-and-authentication") return known
    const stale = Date.now() - checkedAt >= recheckAbsentAfterMs
    if (stale || (options?.fresh && known === "auth.js")) return probe()
    return known
  }
}
