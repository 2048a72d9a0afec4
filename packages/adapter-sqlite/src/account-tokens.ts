/**
 * The adapter methods behind `getAccessToken`: finding a user's account at a provider, and the
 * compare-and-swap on its refresh token through which instances sharing the file agree on which
 * of them refreshes. One UPDATE is atomic in SQLite, so the check and the write cannot be split.
 * `IS`, not `=`: an expected null matches a cleared refresh token (a sign-in after a refused refresh).
 */
import type { AccountTokens, Adapter } from "@gatehouse/core/adapters"
import type { Database } from "better-sqlite3"
import { type AccountRow, toAccount } from "./rows.js"

const tokenFields = ["access_token", "refresh_token", "expires_at", "id_token", "token_type", "scope"] as const

export function accountTokenMethods(db: Database): Required<Pick<Adapter, "getAccountByUserId" | "updateAccountTokens">> {
  const byUser = db.prepare<{ user_id: string; provider: string }, AccountRow>(
    "SELECT * FROM accounts WHERE user_id = @user_id AND provider = @provider ORDER BY provider_account_id LIMIT 1",
  )
  // Each field: written when the caller gave it (null clears it), kept when it left it out.
  const assignments = tokenFields.map((field) => `${field} = CASE WHEN @set_${field} THEN @${field} ELSE ${field} END`).join(", ")
  const swap = db.prepare(
    `UPDATE accounts SET ${assignments}
     WHERE provider = @provider AND provider_account_id = @provider_account_id AND refresh_token IS @expected`,
  )
  return {
    getAccountByUserId(userId, provider) {
      const row = byUser.get({ user_id: userId, provider })
      return row ? toAccount(row) : null
    },
    updateAccountTokens({ provider, providerAccountId }, expectedRefreshToken, tokens: AccountTokens) {
      const values: Record<string, unknown> = { provider, provider_account_id: providerAccountId, expected: expectedRefreshToken }
      for (const field of tokenFields) {
        const value = tokens[field]
        values[`set_${field}`] = value === undefined ? 0 : 1
        values[field] = value ?? null
      }
      return swap.run(values).changes === 1
    },
  }
}
