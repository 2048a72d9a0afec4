import type { AdapterSecondFactor } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { backupCodeHash, looksLikeBackupCode } from "./backup-codes.js"
import { openTotpSecret } from "./secret-box.js"

/**
 * Whether `code` is the owner's second factor now, claiming it through the adapter so that it
 * counts once across every instance: a TOTP code (its time step, never one older than a step
 * used before) or an unused backup code. "totp" / "backup-code", or null for anything else (a
 * wrong code, a replay, a code of another owner): the caller answers all of them alike.
 */
export async function claimSecondFactorCode(
  record: AdapterSecondFactor,
  input: unknown,
  options: InternalOptions,
): Promise<"totp" | "backup-code" | null> {
  if (typeof input !== "string" || input.length > 64 || !record.totpSecret) return null
  const code = input.trim().replace(/\s/g, "")
  const adapter = options.adapter!
  if (/^\d{6}$/.test(code)) {
    const step = await options.secondFactor!.totp.stepOf(await openTotpSecret(record.totpSecret, options.secret), code)
    return step !== null && (await adapter.claimTotpStep(record.ownerKey, step)) ? "totp" : null
  }
  if (options.secondFactor!.methods.includes("backup-code") && looksLikeBackupCode(code)) {
    return (await adapter.useBackupCode(record.ownerKey, await backupCodeHash(code))) ? "backup-code" : null
  }
  return null
}
