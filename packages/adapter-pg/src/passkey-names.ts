import type { Pool } from "pg"
import type { AdapterAuthenticator } from "@gatehouse/core/adapters"
import { byUserId } from "./errors.js"
import { queries } from "./queries.js"
import { type AuthenticatorRow, toAuthenticator } from "./rows.js"
import { MigrationRequiredError } from "./session-metadata.js"

/** The migration that adds `authenticators.name`. */
export const passkeyNameVersion = 11

/** After this long, a database found without the column is looked at again (a migrate() run meanwhile counts). */
const recheckAbsentAfterMs = 30_000

/**
 * Passkey names (migration 11): `listAuthenticatorsByUserId` returns them where the column exists
 * (an Auth.js schema, or one migrated before, lists without), and `renameAuthenticator` needs it
 * (MigrationRequiredError before). Found, the column is remembered: Gatehouse never drops one.
 */
export function passkeyNames(pool: Pool) {
  let present = false
  let checkedAt = 0

  async function hasNameColumn(fresh = false): Promise<boolean> {
    if (present || (!fresh && Date.now() - checkedAt < recheckAbsentAfterMs)) return present
    const { rows } = await pool.query<{ found: boolean }>({
      name: "gatehouse_authenticator_name_column",
      text: `SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass('authenticators') AND attname = 'name' AND NOT attisdropped) AS found`,
    })
    present = rows[0]?.found === true
    checkedAt = Date.now()
    return present
  }

  return {
    async listAuthenticatorsByUserId(userId: string): Promise<AdapterAuthenticator[]> {
      return byUserId([], async () => {
        const query = (await hasNameColumn()) ? queries.authenticatorsWithNameByUser : queries.authenticatorsByUser
        const result = await pool.query<AuthenticatorRow>({ ...query, values: [userId] })
        return result.rows.map(toAuthenticator)
      })
    },

    async renameAuthenticator(userId: string, credentialID: string, name: string): Promise<AdapterAuthenticator | null> {
      if (!(await hasNameColumn(true))) throw new MigrationRequiredError("renameAuthenticator", passkeyNameVersion)
      return byUserId(null, async () => {
        const result = await pool.query<AuthenticatorRow>({ ...queries.renameAuthenticator, values: [userId, credentialID, name] })
        return result.rows[0] ? toAuthenticator(result.rows[0]) : null
      })
    },
  }
}
