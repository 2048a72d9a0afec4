/**
 * The adapter methods behind the Password provider: one PHC hash string per user, in its own
 * table (migration 8), upserted in one statement so two concurrent changes cannot interleave.
 */
import { type Adapter, writeConflicts } from "@gatehouse/core/adapters"
import type { Pool } from "pg"
import { byUserId, translatingConflicts } from "./errors.js"

const readHash = { name: "gatehouse_password_hash", text: `SELECT hash FROM password_hashes WHERE "userId" = $1` }
const writeHash = {
  name: "gatehouse_set_password_hash",
  text: `INSERT INTO password_hashes ("userId", hash, "updatedAt") VALUES ($1, $2, now())
         ON CONFLICT ("userId") DO UPDATE SET hash = excluded.hash, "updatedAt" = excluded."updatedAt"`,
}

const undefinedTable = "42P01"

/** The table is missing: the database has not had migration 8. Said plainly, with the fix. */
function migrationMissing(error: unknown): unknown {
  if ((error as { code?: unknown } | null)?.code !== undefinedTable) return error
  return new Error(
    "@gatehouse/adapter-pg: passwords need schema version 8 (password hashes), which this database has not had. " +
      "Run migrate(pool) once, or `npx @gatehouse/cli migrate --url <database url>`.",
    { cause: error },
  )
}

export function passwordHashMethods(pool: Pool): Required<Pick<Adapter, "getPasswordHash" | "setPasswordHash">> {
  return {
    async getPasswordHash(userId) {
      try {
        return await byUserId(
          null,
          async () => (await pool.query<{ hash: string }>({ ...readHash, values: [userId] })).rows[0]?.hash ?? null,
        )
      } catch (error) {
        throw migrationMissing(error)
      }
    },
    async setPasswordHash(userId, hash) {
      try {
        await translatingConflicts(writeConflicts.setPasswordHash, () => pool.query({ ...writeHash, values: [userId, hash] }))
      } catch (error) {
        throw migrationMissing(error)
      }
    },
  }
}
