import type { Adapter } from "../adapters.js"
import { deriveSignInCode } from "./sign-in-code.js"
import { codeRecordKey, consumeRecord, linkRecordKey } from "./verification-records.js"

/**
 * Uses up a magic link: true only if the token is stored for exactly this address and has not
 * expired (CVE-2021-21310: a token must never sign in another address). With codes on, the
 * link's code row must still be there too and is consumed with it, so a mail whose code was
 * already used cannot sign in a second time through its link.
 */
export async function consumeLink(
  adapter: Required<Adapter>,
  identifier: string,
  token: string,
  secret: string,
  withCode: boolean,
): Promise<boolean> {
  const linkValid = await consumeRecord(adapter, await linkRecordKey(identifier, token, secret))
  if (!withCode) return linkValid
  // Consumed even when the link row was not valid: a dead link takes its code with it.
  const code = await deriveSignInCode(token, secret)
  const codeValid = await consumeRecord(adapter, await codeRecordKey(identifier, code, secret))
  return linkValid && codeValid
}
