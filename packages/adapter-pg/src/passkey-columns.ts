import type { Pool } from "pg"
import { AdapterConflictError, unknownAuthenticator, type AdapterAuthenticator } from "@gatehouse/core/adapters"
import { columnPresence } from "./column-presence.js"
import { byUserId } from "./errors.js"
import { queries } from "./queries.js"
import { type AuthenticatorRow, toAuthenticator } from "./rows.js"
import { MigrationRequiredError } from "./session-metadata.js"

/** The migration that adds `authenticators.name`. */
export const passkeyNameVersion = 11

/**
 * The passkey columns later migrations add, used where the database has them: names (migration 11:
 * `listAuthenticatorsByUserId` returns them, `renameAuthenticator` needs them, MigrationRequiredError
 * before) and dates (migration 12: "createdAt", set by the column's default at every insert, and
 * "lastUsedAt", set by `updateAuthenticatorCounter` at every passkey sign-in). An Auth.js schema, or one
 * migrated before, lists and counts as before, without them.
 */
export function passkeyColumns(pool: Pool) {
  const hasName = columnPresence(pool, "authenticators", "name")
  const hasDates = columnPresence(pool, "authenticators", "lastUsedAt")

  return {
    async listAuthenticatorsByUserId(userId: string): Promise<AdapterAuthenticator[]> {
      return byUserId([], async () => {
        // Migration 12 comes after 11: a database with the dates has the names.
        const query = (await hasDates())
          ? queries.authenticatorsWithNameAndDatesByUser
          : (await hasName())
            ? queries.authenticatorsWithNameByUser
            : queries.authenticatorsByUser
        const result = await pool.query<AuthenticatorRow>({ ...query, values: [userId] })
        return result.rows.map(toAuthenticator)
      })
    },

    async renameAuthenticator(userId: string, credentialID: string, name: string): Promise<AdapterAuthenticator | null> {
      if (!(await hasName(true))) throw new MigrationRequiredError("renameAuthenticator", passkeyNameVersion)
      return byUserId(null, async () => {
        const result = await pool.query<AuthenticatorRow>({ ...queries.renameAuthenticator, values: [userId, credentialID, name] })
        return result.rows[0] ? toAuthenticator(result.rows[0]) : null
      })
    },

    async updateAuthenticatorCounter(credentialID: string, newCounter: number): Promise<AdapterAuthenticator> {
      const query = (await hasDates()) ? queries.updateAuthenticatorCounterAndLastUse : queries.updateAuthenticatorCounter
      const result = await pool.query<AuthenticatorRow>({ ...query, values: [credentialID, newCounter] })
      if (!result.rows[0]) throw new AdapterConflictError(...unknownAuthenticator)
      return toAuthenticator(result.rows[0])
    },
  }
}
