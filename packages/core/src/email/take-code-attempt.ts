import type { Adapter } from "../adapters.js"
import { attemptRecordKey, consumeRecord } from "./verification-records.js"

/**
 * Uses up one of the address's code attempts (see verification-records.ts). False when none is
 * left: then no code is checked at all, right or wrong.
 */
export async function takeCodeAttempt(
  adapter: Required<Adapter>,
  identifier: string,
  secret: string,
  maxCodeAttempts: number,
): Promise<boolean> {
  for (let slot = 1; slot <= maxCodeAttempts; slot++) {
    if (await consumeRecord(adapter, await attemptRecordKey(identifier, slot, secret))) return true
  }
  return false
}
