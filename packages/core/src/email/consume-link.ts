import type { Adapter } from "../adapters.js"
import { deriveSignInCode } from "./sign-in-code.js"
import { codeRecordKey, consumeRecord, linkRecordKey } from "./verification-records.js"

/**
 * Uses up a magic link: true only if the token is stored for exactly this address and has not
 * expired (CVE-2021-21310: a token must never sign in another address). With codes on, the
 * link's code row must still be there too and is consumed with it, so a mail whose code was
 * already used cannot sign in a second time through its link (and a used link has taken its code).
 */
export async function consumeLink(
  adapter: Required<Adapter>,
  identifier: string,
  token: string,
  secret: string,
  withCode: boolean,
): Promise<boolean> {
  const linkValid = await consumeRecord(adapter, await linkRecordKey(identifier, token, secret))
  // Only the request that won the link row goes on to the code row. Were a losing request to
  // consume it too (two instances receiving the same click at once, or a mail scanner beside
  // the user), it could take the code row before the winner and neither would sign in.
  if (!withCode || !linkValid) return linkValid
  const code = await deriveSignInCode(token, secret)
  return consumeRecord(adapter, await codeRecordKey(identifier, code, secret))
}
