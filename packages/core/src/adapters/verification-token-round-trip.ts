import type { Adapter, VerificationToken } from "../adapters.js"

/** The identifier of the round trip's record: never an e-mail address (no "@"), never a live token. */
export const roundTripIdentifier = "gatehouse:adapter-check"

type VerificationTokenMethods = Required<Pick<Adapter, "createVerificationToken" | "useVerificationToken">>

/**
 * Stores a throwaway verification token and uses it twice, as every flow built on them does
 * (e-mail links and codes, passkey challenges, the adapter-backed single-use ledgers): the first
 * use must hand back exactly the record stored, the second nothing. Hand-written adapters for apps
 * that "do not use e-mail" often stub `useVerificationToken` out (`return null`); every passkey
 * ceremony then fails as if its challenge had been replayed. Returns what is wrong, in words for
 * the person who wrote the adapter, or undefined when the round trip works. Adapter errors (the
 * database is down) are thrown as they are.
 */
export async function verificationTokenRoundTrip(adapter: VerificationTokenMethods): Promise<string | undefined> {
  const stored: VerificationToken = {
    identifier: roundTripIdentifier,
    token: Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(""),
    expires: new Date(Date.now() + 60_000),
  }
  const asked = { identifier: stored.identifier, token: stored.token }
  await adapter.createVerificationToken(stored)
  const first = await adapter.useVerificationToken(asked)
  const lost = "useVerificationToken did not return the verification token createVerificationToken had just stored"
  const need =
    "passkeys and e-mail sign-in need it to return that record (identifier, token, expires) and delete it, as the shipped adapters do"
  if (!first) return `${lost} (it returned ${first === undefined ? "undefined" : "null"}; is it a stub?): ${need}`
  if (first.identifier !== stored.identifier || first.token !== stored.token) {
    return `${lost} (it returned another record): ${need}`
  }
  if (await adapter.useVerificationToken(asked)) {
    return "useVerificationToken returned the same verification token twice: it must delete the record it returns, or a sign-in link or passkey answer could be used again"
  }
  return undefined
}
