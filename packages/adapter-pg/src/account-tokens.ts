/**
 * The adapter methods behind `getAccessToken`: finding a user's account at a provider, and the
 * compare-and-swap on its refresh token through which instances sharing the database agree on
 * which of them refreshes. One UPDATE … WHERE refresh_token = $expected is atomic in PostgreSQL
 * (a concurrent one waits for the row lock, then re-checks the condition and finds it false).
 * IS NOT DISTINCT FROM: an expected null matches a cleared refresh token (a sign-in after a refused refresh).
 */
import type { AccountTokens, Adapter } from "@gatehouse/core/adapters"
import type { Pool } from "pg"
import { byUserId } from "./errors.js"
import { type AccountRow, toAccount } from "./rows.js"

const tokenFields = ["access_token", "refresh_token", "expires_at", "id_token", "token_type", "scope"] as const

const accountColumns = `"userId"::text AS "userId", type, provider, "providerAccountId", access_token, refresh_token,
  id_token, expires_at, token_type, scope, session_state`

const accountByUser = {
  name: "gatehouse_account_by_user",
  text: `SELECT ${accountColumns} FROM accounts WHERE "userId" = $1 AND provider = $2 ORDER BY "providerAccountId" LIMIT 1`,
}
// $3…$8 say whether each field was given, $9…$14 its value; a field left out keeps its value.
const swapTokens = {
  name: "gatehouse_swap_account_tokens",
  text: `UPDATE accounts SET ${tokenFields
    .map(
      (field, i) =>
        `${field} = CASE WHEN $${3 + i}::boolean THEN $${3 + tokenFields.length + i}${field === "expires_at" ? "::bigint" : "::text"} ELSE ${field} END`,
    )
    .join(", ")}
    WHERE provider = $1 AND "providerAccountId" = $2 AND refresh_token IS NOT DISTINCT FROM $${3 + 2 * tokenFields.length}::text`,
}

export function accountTokenMethods(pool: Pool): Required<Pick<Adapter, "getAccountByUserId" | "updateAccountTokens">> {
  return {
    async getAccountByUserId(userId, provider) {
      return byUserId(null, async () => {
        const { rows } = await pool.query<AccountRow>({ ...accountByUser, values: [userId, provider] })
        return rows[0] ? toAccount(rows[0]) : null
      })
    },
    async updateAccountTokens({ provider, providerAccountId }, expectedRefreshToken, tokens: AccountTokens) {
      const given = tokenFields.map((field) => tokens[field] !== undefined)
      const values = tokenFields.map((field) => tokens[field] ?? null)
      const result = await pool.query({ ...swapTokens, values: [provider, providerAccountId, ...given, ...values, expectedRefreshToken] })
      return result.rowCount === 1
    },
  }
}
