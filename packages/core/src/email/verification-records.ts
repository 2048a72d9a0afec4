/**
 * How an e-mail sign-in is kept in the database, using only the Adapter's
 * `createVerificationToken` / `useVerificationToken` (which finds a row by identifier *and*
 * token, deletes it and returns it, so every row can be used once):
 *
 * - **Link row**, exactly Auth.js's: `{ identifier: <address>, token: hex(sha256(token + secret)) }`.
 *   The raw token travels only in the mailed link.
 * - **Code row**: `{ identifier: "gatehouse:code:<address>", token: hex(sha256(code + secret)) }`.
 *   The short code is not random on its own: it is derived from the link token with an HMAC under
 *   the secret (`deriveSignInCode`). Whoever holds the link can therefore work out the code, and
 *   the link flow uses that to consume the code row too: the link only signs in while its code row
 *   is still there, so after the code was used the link is dead, and after the link was used the
 *   code is. One mail, one sign-in.
 * - **Attempt rows**: `{ identifier: "gatehouse:code-attempt:<address>", token: hash(slot i) }` for
 *   i = 1…maxCodeAttempts. Every code attempt must first consume one of them (a delete, so two
 *   concurrent guesses can never share one); when none is left, codes for that address are refused
 *   until a new mail is sent, which replaces the set. A wrong code cannot delete the code row it
 *   missed (it does not know its key), which is why attempts are counted on their own rows. The
 *   link is not affected: its token is 256 bits and needs no attempt limit.
 *
 * The `gatehouse:` prefixes cannot collide with an address: addresses never contain ":".
 * All rows share the mail's expiry, so adapters that clean up expired tokens clean these up too.
 */
import type { Adapter } from "../adapters.js"
import { sha256Hex } from "../crypto/sha256-hex.js"

export interface VerificationKey {
  identifier: string
  token: string
}

export function linkRecordKey(identifier: string, token: string, secret: string): Promise<VerificationKey> {
  return hashed(identifier, `${token}${secret}`)
}

export function codeRecordKey(identifier: string, code: string, secret: string): Promise<VerificationKey> {
  return hashed(`gatehouse:code:${identifier}`, `${code}${secret}`)
}

export function attemptRecordKey(identifier: string, slot: number, secret: string): Promise<VerificationKey> {
  const attemptIdentifier = `gatehouse:code-attempt:${identifier}`
  return hashed(attemptIdentifier, `${attemptIdentifier}:${slot}:${secret}`)
}

/** Consumes a row if it is there and unexpired; an expired row is consumed all the same. */
export async function consumeRecord(adapter: Required<Adapter>, key: VerificationKey): Promise<boolean> {
  const row = await adapter.useVerificationToken(key)
  // Adapters are trusted to match on both columns, but one that did not (CVE-2022-39263) must not
  // turn a foreign row into a sign-in.
  // (Some adapters leave the token out of the returned row; the identifier is always there.)
  if (!row || row.identifier !== key.identifier) return false
  if (row.token !== undefined && row.token !== key.token) return false
  return new Date(row.expires).valueOf() > Date.now()
}

async function hashed(identifier: string, material: string): Promise<VerificationKey> {
  return { identifier, token: await sha256Hex(material) }
}
