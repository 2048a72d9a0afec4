/**
 * The second-factor methods (migration 5): one record per session owner, its backup codes, and
 * the wrong codes counted per pending sign-in. Every claim is one statement, atomic in SQLite, so
 * processes sharing the file agree on which of them accepted a TOTP step or a backup code.
 */
import type { Adapter, AdapterSecondFactor, SecondFactorUpdate } from "@gatehouse/core/adapters"
import type { Database } from "better-sqlite3"

interface SecondFactorRow {
  owner_key: string
  totp_secret: string | null
  pending_totp_secret: string | null
  backup_codes_left: number
  recent_failures: number
}

type SecondFactorMethods = Required<
  Pick<
    Adapter,
    "getSecondFactor" | "setSecondFactor" | "deleteSecondFactor" | "claimTotpStep" | "useBackupCode" | "countSecondFactorFailure"
  >
>

function toSecondFactor(row: SecondFactorRow): AdapterSecondFactor {
  return {
    ownerKey: row.owner_key,
    totpSecret: row.totp_secret,
    pendingTotpSecret: row.pending_totp_secret,
    backupCodesLeft: row.backup_codes_left,
    recentFailures: row.recent_failures,
  }
}

export function secondFactorMethods(db: Database): SecondFactorMethods {
  const readNow = db.prepare<{ owner_key: string; now: number }, SecondFactorRow>(
    `SELECT owner_key, totp_secret, pending_totp_secret,
       (SELECT count(*) FROM second_factor_backup_codes c WHERE c.owner_key = f.owner_key AND c.used_at IS NULL) AS backup_codes_left,
       (SELECT coalesce(sum(failures), 0) FROM second_factor_failures x WHERE x.owner_key = f.owner_key AND x.expires > @now) AS recent_failures
     FROM second_factors f WHERE owner_key = @owner_key`,
  )
  const read = { get: (params: { owner_key: string }) => readNow.get({ ...params, now: Date.now() }) }
  // A field is replaced only when its set_* flag is 1: an absent field keeps its value.
  const upsert = db.prepare(
    `INSERT INTO second_factors (owner_key, totp_secret, pending_totp_secret, created_at, updated_at)
     VALUES (@owner_key, @totp_secret, @pending_totp_secret, @now, @now)
     ON CONFLICT (owner_key) DO UPDATE SET
       totp_secret = CASE WHEN @set_totp_secret THEN excluded.totp_secret ELSE totp_secret END,
       pending_totp_secret = CASE WHEN @set_pending_totp_secret THEN excluded.pending_totp_secret ELSE pending_totp_secret END,
       -- A new secret starts with no step used.
       totp_last_step = CASE WHEN @set_totp_secret THEN NULL ELSE totp_last_step END,
       updated_at = @now`,
  )
  const deleteCodes = db.prepare(`DELETE FROM second_factor_backup_codes WHERE owner_key = @owner_key`)
  const insertCode = db.prepare(`INSERT INTO second_factor_backup_codes (owner_key, code_hash) VALUES (@owner_key, @code_hash)`)
  const remove = db.prepare(`DELETE FROM second_factors WHERE owner_key = @owner_key`)
  const claimStep = db.prepare(
    `UPDATE second_factors SET totp_last_step = @step
     WHERE owner_key = @owner_key AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < @step)`,
  )
  const useCode = db.prepare(
    `UPDATE second_factor_backup_codes SET used_at = @now WHERE owner_key = @owner_key AND code_hash = @code_hash AND used_at IS NULL`,
  )
  const countFailure = db.prepare<{ attempt_id: string; owner_key: string; expires: number }, { failures: number }>(
    `INSERT INTO second_factor_failures (attempt_id, owner_key, failures, expires) VALUES (@attempt_id, @owner_key, 1, @expires)
     ON CONFLICT (attempt_id) DO UPDATE SET failures = failures + 1 RETURNING failures`,
  )
  const ownerFailures = db.prepare<{ owner_key: string; now: number }, { total: number | null }>(
    `SELECT sum(failures) AS total FROM second_factor_failures WHERE owner_key = @owner_key AND expires > @now`,
  )
  const dropExpiredFailures = db.prepare(`DELETE FROM second_factor_failures WHERE expires <= @now`)

  const set = db.transaction((update: SecondFactorUpdate) => {
    upsert.run({
      owner_key: update.ownerKey,
      totp_secret: update.totpSecret ?? null,
      pending_totp_secret: update.pendingTotpSecret ?? null,
      set_totp_secret: update.totpSecret === undefined ? 0 : 1,
      set_pending_totp_secret: update.pendingTotpSecret === undefined ? 0 : 1,
      now: Date.now(),
    })
    if (update.backupCodeHashes) {
      deleteCodes.run({ owner_key: update.ownerKey })
      for (const hash of new Set(update.backupCodeHashes)) insertCode.run({ owner_key: update.ownerKey, code_hash: hash })
    }
    return toSecondFactor(read.get({ owner_key: update.ownerKey })!)
  })
  const count = db.transaction((ownerKey: string, attemptId: string, expires: Date) => {
    const now = Date.now()
    dropExpiredFailures.run({ now })
    const attempt = countFailure.get({ attempt_id: attemptId, owner_key: ownerKey, expires: expires.getTime() })!.failures
    const owner = ownerFailures.get({ owner_key: ownerKey, now })?.total ?? attempt
    return { attempt, owner }
  })

  return {
    getSecondFactor(ownerKey) {
      const row = read.get({ owner_key: ownerKey })
      return row ? toSecondFactor(row) : null
    },
    setSecondFactor(update) {
      // IMMEDIATE: the write lock is taken up front, so another process cannot slip in between.
      return set.immediate(update)
    },
    deleteSecondFactor(ownerKey) {
      // The backup codes go with it (ON DELETE CASCADE).
      remove.run({ owner_key: ownerKey })
    },
    claimTotpStep(ownerKey, step) {
      return claimStep.run({ owner_key: ownerKey, step }).changes === 1
    },
    useBackupCode(ownerKey, codeHash) {
      return useCode.run({ owner_key: ownerKey, code_hash: codeHash, now: Date.now() }).changes === 1
    },
    countSecondFactorFailure(ownerKey, attemptId, expires) {
      return count.immediate(ownerKey, attemptId, expires)
    },
  }
}
