import type { Adapter } from "../adapters.js"
import { takeCodeAttempt } from "./take-code-attempt.js"
import { codeRecordKey, consumeRecord } from "./verification-records.js"

/**
 * Uses up a one-time code typed on the verify-request page. Each try costs one of the address's
 * attempts, before the code is looked at, so guessing stops after `maxCodeAttempts` whatever the
 * guesses were. True only for the unexpired code of this very address.
 */
export async function consumeCode(
  adapter: Required<Adapter>,
  identifier: string,
  code: string,
  secret: string,
  maxCodeAttempts: number,
): Promise<boolean> {
  if (!(await takeCodeAttempt(adapter, identifier, secret, maxCodeAttempts))) return false
  return consumeRecord(adapter, await codeRecordKey(identifier, code, secret))
}
