import type { Adapter } from "../adapters.js"
import { attemptRecordKey, attemptWindowKey, consumeRecord } from "./verification-records.js"

/**
 * Uses up one of the address's code attempts in the current window (see verification-records.ts).
 * False when none is left: then no code is checked at all, right or wrong. The window's slots are
 * made by the one attempt whose insert of the window row succeeds: mails do not touch them.
 */
export async function takeCodeAttempt(
  adapter: Required<Adapter>,
  identifier: string,
  secret: string,
  maxCodeAttempts: number,
  windowMs: number,
): Promise<boolean> {
  const window = Math.floor(Date.now() / windowMs)
  const expires = new Date((window + 1) * windowMs)
  const slots = Array.from({ length: maxCodeAttempts }, (_, i) => i + 1)
  let opened = false
  try {
    await adapter.createVerificationToken({ ...(await attemptWindowKey(identifier, window, secret)), expires })
    opened = true
  } catch {
    // Already opened by an earlier attempt of this window (or the database refused the row: then
    // no slot is there either, and the attempt is refused).
  }
  if (opened) {
    await Promise.all(slots.map(async (slot) => adapter.createVerificationToken({ ...(await attemptRecordKey(identifier, window, slot, secret)), expires })))
  }
  for (const slot of slots) {
    if (await consumeRecord(adapter, await attemptRecordKey(identifier, window, slot, secret))) return true
  }
  return false
}
