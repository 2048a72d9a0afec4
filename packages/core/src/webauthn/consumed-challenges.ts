import { checkCookieMaxAge } from "../http/default-cookies.js"
import { processClaims } from "../single-use/process-claims.js"

const consumed = processClaims()

/**
 * Marks a challenge as answered in this process; false when it already was. Forgets a challenge
 * once its 15-minute cookie could no longer be read (see challenge-ledger.ts for the shared part).
 */
export function claimChallenge(challenge: string, now = Date.now()): boolean {
  return consumed.claim(challenge, checkCookieMaxAge * 1000 + 60_000, now)
}
