import { checkCookieMaxAge } from "../http/default-cookies.js"

/** Challenges already answered, with when their cookie expires anyway. */
const consumed = new Map<string, number>()
const maxEntries = 50_000

/**
 * Marks a challenge as answered; false when it already was. The cookie is deleted after use,
 * but someone holding a copy of the cookie and the signed response could send both again; for
 * authenticators whose signature counter stays 0 (most synced passkeys) only this remembers
 * that the challenge is spent. It is per process (per isolate on edge runtimes) and forgets a
 * challenge once its 15-minute cookie could no longer be read.
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
