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
 * - **Latest-mail row**: `{ identifier: "gatehouse:code-latest:<address>", token: hash(address +
 *   secret) }`, one per address, whose `expires` is the expiry of the address's newest mail (whole
 *   seconds, strictly increasing per address, so it tells mails apart). A code is only accepted
 *   when its row's expiry is that one: every new mail supersedes the codes mailed before it (their
 *   links stay valid: 256 bits need no guessing limit).
 * - **Attempt rows**: `{ identifier: "gatehouse:code-attempt:<address>", token: hash(window,
 *   slot i) }` for i = 1…maxCodeAttempts, and one window row beside them, for fixed windows of
 *   `codeAttemptWindow`. The first code attempt of a window creates the window row; only the one
 *   request whose insert succeeds creates the slots, so no request and no mail can ever hand out
 *   a window's attempts twice (this relies on (identifier, token) being unique, as it is in every
 *   Auth.js adapter schema). Every code attempt must first consume a slot (a delete, so two
 *   concurrent guesses can never share one); when none is left, codes for the address are refused
 *   until the window ends, however many mails are sent. A wrong code cannot delete the code row
 *   it missed (it does not know its key), which is why attempts are counted on their own rows.
 *
 * The `gatehouse:` prefixes cannot collide with an address: addresses never contain ":".
 * Every row expires (link, code and latest-mail rows with the mail, attempt rows with their
 * window), so adapters that clean up expired tokens clean these up too.
 */
import type { Adapter, VerificationToken } from "../adapters.js"
import { sha256Hex } from "../crypto/sha256-hex.js"
import { deriveSignInCode } from "./sign-in-code.js"

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

export function latestMailKey(identifier: string, secret: string): Promise<VerificationKey> {
  const latestIdentifier = `gatehouse:code-latest:${identifier}`
  return hashed(latestIdentifier, `${latestIdentifier}:${secret}`)
}

export function attemptWindowKey(identifier: string, window: number, secret: string): Promise<VerificationKey> {
  const attemptIdentifier = `gatehouse:code-attempt:${identifier}`
  return hashed(attemptIdentifier, `${attemptIdentifier}:window:${window}:${secret}`)
}

export function attemptRecordKey(identifier: string, window: number, slot: number, secret: string): Promise<VerificationKey> {
  const attemptIdentifier = `gatehouse:code-attempt:${identifier}`
  return hashed(attemptIdentifier, `${attemptIdentifier}:${window}:${slot}:${secret}`)
}

/** Consumes a row if it is there and unexpired; an expired row is consumed all the same. */
export async function consumeRecord(adapter: Required<Adapter>, key: VerificationKey): Promise<boolean> {
  return (await consumeRow(adapter, key)) !== undefined
}

/** `consumeRecord`, giving back the row (for its expiry) when it was valid. */
export async function consumeRow(adapter: Required<Adapter>, key: VerificationKey): Promise<VerificationToken | undefined> {
  const row = await adapter.useVerificationToken(key)
  // Adapters are trusted to match on both columns, but one that did not (CVE-2022-39263) must not
  // turn a foreign row into a sign-in.
  // (Some adapters leave the token out of the returned row; the identifier is always there.)
  if (!row || row.identifier !== key.identifier) return undefined
  if (row.token !== undefined && row.token !== key.token) return undefined
  return new Date(row.expires).valueOf() > Date.now() ? row : undefined
}

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
export async function isLatestMail(adapter: Required<Adapter>, identifier: string, secret: string, expires: Date): Promise<boolean> {
  const key = await latestMailKey(identifier, secret)
  const latest = await adapter.useVerificationToken(key)
  if (latest?.identifier !== key.identifier) return false
  const latestExpires = new Date(latest.expires)
  await Promise.resolve(adapter.createVerificationToken({ ...key, expires: latestExpires })).catch(() => {})
  return latestExpires.valueOf() === expires.valueOf()
}

/**
 * Uses up one of the address's code attempts in the current window (see the header).
 * False when none is left: then no code is checked at all, right or wrong. The window's slots are
 * made by the one attempt whose insert of the window row succeeds: mails do not touch them.
 */
async function takeCodeAttempt(
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
    await Promise.all(
      slots.map(async (slot) =>
        adapter.createVerificationToken({ ...(await attemptRecordKey(identifier, window, slot, secret)), expires }),
      ),
    )
  }
  for (const slot of slots) {
    if (await consumeRecord(adapter, await attemptRecordKey(identifier, window, slot, secret))) return true
  }
  return false
}

async function hashed(identifier: string, material: string): Promise<VerificationKey> {
  return { identifier, token: await sha256Hex(material) }
}
