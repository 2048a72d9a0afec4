import type { Adapter } from "../adapters.js"
import { deriveSignInCode } from "./sign-in-code.js"
import { codeRecordKey, consumeRecord, consumeRow, isLatestMail, linkRecordKey } from "./verification-records.js"

/**
 * Uses up the link of a mail that carries a link and a code (the password and account mails):
 * true only for the unexpired link of the identifier's latest mail, unused, whose code is unused
 * too (the code row goes with it: one mail, one use).
 */
export async function consumeLatestMailLink(
  adapter: Required<Adapter>,
  identifier: string,
  token: string,
  secret: string,
): Promise<boolean> {
  const row = await consumeRow(adapter, await linkRecordKey(identifier, token, secret))
  if (!row) return false
  if (!(await isLatestMail(adapter, identifier, secret, new Date(row.expires)))) return false
  const code = await deriveSignInCode(token, secret)
  return consumeRecord(adapter, await codeRecordKey(identifier, code, secret))
}
