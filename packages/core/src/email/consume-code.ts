import type { Adapter } from "../adapters.js"
import { takeCodeAttempt } from "./take-code-attempt.js"
import { codeRecordKey, consumeRow, latestMailKey } from "./verification-records.js"

/**
 * Uses up a one-time code typed on the verify-request page. Each try costs one of the address's
 * attempts in the current window, before the code is looked at, so guessing stops after
 * `maxCodeAttempts` per window whatever the guesses were and however many mails were sent. True
 * only for the unexpired code of this very address, from its latest mail.
 */
export async function consumeCode(
  adapter: Required<Adapter>,
  identifier: string,
  code: string,
  secret: string,
  limits: { maxCodeAttempts: number; codeAttemptWindowMs: number },
): Promise<boolean> {
  if (!(await takeCodeAttempt(adapter, identifier, secret, limits.maxCodeAttempts, limits.codeAttemptWindowMs))) return false
  const row = await consumeRow(adapter, await codeRecordKey(identifier, code, secret))
  return row !== undefined && (await isLatestMail(adapter, identifier, secret, new Date(row.expires)))
}

/**
 * Whether a mail with this expiry is still the address's latest. Read by taking the latest-mail
 * row and putting it back; if a new mail replaced it in between, putting back clashes and the
 * new one stays. A missing row (a new mail is being written right now) refuses the code.
 */
async function isLatestMail(adapter: Required<Adapter>, identifier: string, secret: string, expires: Date): Promise<boolean> {
  const key = await latestMailKey(identifier, secret)
  const latest = await adapter.useVerificationToken(key)
  if (latest?.identifier !== key.identifier) return false
  const latestExpires = new Date(latest.expires)
  await Promise.resolve(adapter.createVerificationToken({ ...key, expires: latestExpires })).catch(() => {})
  return latestExpires.valueOf() === expires.valueOf()
}
