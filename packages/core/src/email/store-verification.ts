import type { Adapter } from "../adapters.js"
import { attemptRecordKey, codeRecordKey, linkRecordKey, type VerificationKey } from "./verification-records.js"

export interface PendingVerification {
  identifier: string
  token: string
  /** The code derived from the token, when the provider mails codes. */
  code?: string
  expires: Date
  secret: string
  maxCodeAttempts: number
}

/**
 * Writes the rows of one mailed sign-in (see verification-records.ts) and returns their keys, so
 * that `discardVerification` can take them back when the mail cannot be sent.
 */
export async function storeVerification(adapter: Required<Adapter>, pending: PendingVerification): Promise<VerificationKey[]> {
  const { identifier, token, code, expires, secret } = pending
  const keys = [await linkRecordKey(identifier, token, secret)]
  if (code) keys.push(await codeRecordKey(identifier, code, secret))
  for (const key of keys) await adapter.createVerificationToken({ ...key, expires })
  if (code) {
    const slots = Array.from({ length: pending.maxCodeAttempts }, (_, i) => i + 1)
    await Promise.all(slots.map(async (slot) => resetAttempt(adapter, await attemptRecordKey(identifier, slot, secret), expires)))
  }
  return keys
}

/** Removes the rows of a sign-in whose mail never went out: no usable token is left behind. */
export async function discardVerification(adapter: Required<Adapter>, keys: VerificationKey[]): Promise<void> {
  await Promise.all(keys.map((key) => adapter.useVerificationToken(key)))
}

/**
 * A fresh attempt slot for the new mail. The old slot (if any) is consumed first, since the key is
 * the same; if another mail for the same address raced in between, the insert clashes and one
 * more consume-and-insert settles it.
 */
async function resetAttempt(adapter: Required<Adapter>, key: VerificationKey, expires: Date): Promise<void> {
  for (let round = 0; ; round++) {
    await adapter.useVerificationToken(key)
    try {
      await adapter.createVerificationToken({ ...key, expires })
      return
    } catch (error) {
      if (round >= 1) throw error
    }
  }
}
