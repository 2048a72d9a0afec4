import type { Adapter } from "../adapters.js"
import { codeRecordKey, latestMailKey, linkRecordKey, type VerificationKey } from "./verification-records.js"

export interface PendingVerification {
  identifier: string
  token: string
  /** The code derived from the token, when the provider mails codes. */
  code?: string
  expires: Date
  secret: string
}

export interface StoredVerification {
  /** The rows written, for `discardVerification`. */
  keys: VerificationKey[]
  /** When the mail expires: with a code, a whole second (rounded down) unique to the address. */
  expires: Date
}

/**
 * Writes the rows of one mailed sign-in (see verification-records.ts). With a code, the mail
 * first becomes the address's latest one, which supersedes the codes of every earlier mail.
 */
export async function storeVerification(adapter: Required<Adapter>, pending: PendingVerification): Promise<StoredVerification> {
  const { identifier, token, code, secret } = pending
  const expires = code ? await claimLatestMail(adapter, identifier, secret, pending.expires) : pending.expires
  const keys = [await linkRecordKey(identifier, token, secret)]
  if (code) keys.push(await codeRecordKey(identifier, code, secret))
  for (const key of keys) await adapter.createVerificationToken({ ...key, expires })
  return { keys, expires }
}

/** Removes the rows of a sign-in whose mail never went out: no usable token is left behind. */
export async function discardVerification(adapter: Required<Adapter>, keys: VerificationKey[]): Promise<void> {
  await Promise.all(keys.map((key) => adapter.useVerificationToken(key)))
}

/**
 * Makes the new mail the address's latest: its expiry, in whole seconds (which every database
 * keeps exactly) and later than the previous latest mail's, replaces the latest-mail row. If
 * another mail for the address raced in between, the insert clashes, and the next round
 * supersedes that one too. (A code check reads the row by taking it and putting it back: a mail
 * in that instant, in the same second as the latest, can leave two codes current until the next
 * mail. The attempts stay per address, so that doubles no guesses.)
 */
async function claimLatestMail(adapter: Required<Adapter>, identifier: string, secret: string, wanted: Date): Promise<Date> {
  const key = await latestMailKey(identifier, secret)
  // Only ever grows, across rounds too: a mail must come after every latest mail it has seen,
  // or two racing mails could end on the same expiry and both count as the latest.
  let at = Math.floor(wanted.valueOf() / 1000) * 1000
  for (let round = 0; ; round++) {
    const previous = await adapter.useVerificationToken(key)
    if (previous?.identifier === key.identifier) at = Math.max(at, new Date(previous.expires).valueOf() + 1000)
    const expires = new Date(at)
    try {
      await adapter.createVerificationToken({ ...key, expires })
      return expires
    } catch (error) {
      if (round >= 9) throw error
    }
  }
}
