import { checkCookieMaxAge } from "../http/default-cookies.js"

/** Challenges already answered, with when their cookie expires anyway. */
const consumed = new Map<string, number>()
const maxEntries = 50_000

/**
 * Marks a challenge as answered in this process; false when it already was. The first, cheap
 * filter of every ChallengeLedger (see challenge-ledger.ts), and the only one when the app has
 * neither a shared store nor an adapter with verification tokens. Forgets a challenge once its
 * 15-minute cookie could no longer be read.
 */
export function claimChallenge(challenge: string, now = Date.now()): boolean {
  if (consumed.has(challenge)) {
    if (consumed.get(challenge)! > now) return false
    consumed.delete(challenge)
  }
  if (consumed.size >= maxEntries) forgetExpired(now)
  // Still full of live entries: drop the oldest (only verified sign-ins get here, so this
  // cannot be filled by strangers).
  if (consumed.size >= maxEntries) consumed.delete(consumed.keys().next().value!)
  consumed.set(challenge, now + checkCookieMaxAge * 1000 + 60_000)
  return true
}

function forgetExpired(now: number) {
  for (const [challenge, expires] of consumed) if (expires <= now) consumed.delete(challenge)
}
