/**
 * The second-factor methods (migration 7): one record per session owner, its backup codes, and
 * the wrong codes counted per pending sign-in. Each claim is one UPDATE (or one upsert), atomic in
 * PostgreSQL: a concurrent one waits for the row lock, then re-checks its condition and finds it
 * false, so instances sharing the database agree on which of them accepted a TOTP step or a code.
 */
import type { Adapter, AdapterSecondFactor, SecondFactorUpdate } from "@gatehouse/core/adapters"
import type { Pool } from "pg"
import { inTransaction } from "./transaction.js"

interface SecondFactorRow {
  ownerKey: string
  totpSecret: string | null
  pendingTotpSecret: string | null
  backupCodesLeft: number
  recentFailures: number
}

type SecondFactorMethods = Required<
  Pick<
    Adapter,
    "getSecondFactor" | "setSecondFactor" | "deleteSecondFactor" | "claimTotpStep" | "useBackupCode" | "countSecondFactorFailure"
  >
>

const read = {
  name: "gatehouse_second_factor",
  text: `SELECT "ownerKey", "totpSecret", "pendingTotpSecret",
           (SELECT count(*)::int FROM second_factor_backup_codes c WHERE c."ownerKey" = f."ownerKey" AND c."usedAt" IS NULL) AS "backupCodesLeft",
           (SELECT coalesce(sum(failures), 0)::int FROM second_factor_failures x WHERE x."ownerKey" = f."ownerKey" AND x.expires > now()) AS "recentFailures"
         FROM second_factors f WHERE "ownerKey" = $1`,
}
// $2/$3 say whether each secret was given; a secret left out keeps its value. A new secret starts with no step used.
const upsert = {
  name: "gatehouse_set_second_factor",
  text: `INSERT INTO second_factors ("ownerKey", "totpSecret", "pendingTotpSecret", "createdAt", "updatedAt")
         VALUES ($1, $4::text, $5::text, now(), now())
         ON CONFLICT ("ownerKey") DO UPDATE SET
           "totpSecret" = CASE WHEN $2::boolean THEN EXCLUDED."totpSecret" ELSE second_factors."totpSecret" END,
           "pendingTotpSecret" = CASE WHEN $3::boolean THEN EXCLUDED."pendingTotpSecret" ELSE second_factors."pendingTotpSecret" END,
           "totpLastStep" = CASE WHEN $2::boolean THEN NULL ELSE second_factors."totpLastStep" END,
           "updatedAt" = now()`,
}
const replaceCodes = {
  name: "gatehouse_replace_backup_codes",
  text: `WITH gone AS (DELETE FROM second_factor_backup_codes WHERE "ownerKey" = $1)
         INSERT INTO second_factor_backup_codes ("ownerKey", "codeHash") SELECT $1, unnest($2::text[])`,
}
const remove = { name: "gatehouse_delete_second_factor", text: `DELETE FROM second_factors WHERE "ownerKey" = $1` }
const claimStep = {
  name: "gatehouse_claim_totp_step",
  text: `UPDATE second_factors SET "totpLastStep" = $2
         WHERE "ownerKey" = $1 AND "totpSecret" IS NOT NULL AND ("totpLastStep" IS NULL OR "totpLastStep" < $2)`,
}
const useCode = {
  name: "gatehouse_use_backup_code",
  text: `UPDATE second_factor_backup_codes SET "usedAt" = now() WHERE "ownerKey" = $1 AND "codeHash" = $2 AND "usedAt" IS NULL`,
}
const dropExpiredFailures = {
  name: "gatehouse_drop_second_factor_failures",
  text: `DELETE FROM second_factor_failures WHERE expires <= now()`,
}
const countFailure = {
  name: "gatehouse_count_second_factor_failure",
  text: `INSERT INTO second_factor_failures ("attemptId", "ownerKey", failures, expires) VALUES ($1, $2, 1, $3)
         ON CONFLICT ("attemptId") DO UPDATE SET failures = second_factor_failures.failures + 1 RETURNING failures`,
}
const ownerFailures = {
  name: "gatehouse_owner_second_factor_failures",
  text: `SELECT coalesce(sum(failures), 0)::int AS total FROM second_factor_failures WHERE "ownerKey" = $1 AND expires > now()`,
}

export function secondFactorMethods(pool: Pool): SecondFactorMethods {
  async function get(ownerKey: string, on: Pick<Pool, "query"> = pool): Promise<AdapterSecondFactor | null> {
    const { rows } = await on.query<SecondFactorRow>({ ...read, values: [ownerKey] })
    return rows[0] ? { ...rows[0] } : null
  }
  return {
    getSecondFactor: (ownerKey) => get(ownerKey),
    setSecondFactor(update: SecondFactorUpdate) {
      return inTransaction(pool, async (client) => {
        await client.query({
          ...upsert,
          values: [
            update.ownerKey,
            update.totpSecret !== undefined,
            update.pendingTotpSecret !== undefined,
            update.totpSecret ?? null,
            update.pendingTotpSecret ?? null,
          ],
        })
        if (update.backupCodeHashes)
          await client.query({ ...replaceCodes, values: [update.ownerKey, [...new Set(update.backupCodeHashes)]] })
        return (await get(update.ownerKey, client))!
      })
    },
    async deleteSecondFactor(ownerKey) {
      // The backup codes go with it (ON DELETE CASCADE).
      await pool.query({ ...remove, values: [ownerKey] })
    },
    async claimTotpStep(ownerKey, step) {
      return (await pool.query({ ...claimStep, values: [ownerKey, step] })).rowCount === 1
    },
    async useBackupCode(ownerKey, codeHash) {
      return (await pool.query({ ...useCode, values: [ownerKey, codeHash] })).rowCount === 1
    },
    countSecondFactorFailure(ownerKey, attemptId, expires) {
      return inTransaction(pool, async (client) => {
        await client.query(dropExpiredFailures)
        const { rows } = await client.query<{ failures: number }>({ ...countFailure, values: [attemptId, ownerKey, expires] })
        const total = await client.query<{ total: number }>({ ...ownerFailures, values: [ownerKey] })
        return { attempt: rows[0]!.failures, owner: Math.max(total.rows[0]?.total ?? 0, rows[0]!.failures) }
      })
    },
  }
}
