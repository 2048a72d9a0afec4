import { randomHex } from "../crypto/random-hex.js"
import { sha256Hex } from "../crypto/sha256-hex.js"
import { timingSafeEqual } from "../crypto/timing-safe-equal.js"

export interface CsrfState {
  token: string
  /** True only for a POST whose body carries the token the cookie vouches for. */
  verified: boolean
  /** Set when a new token was minted: the value of the CSRF cookie to write. */
  cookieValue?: string
}

/**
 * CSRF cookie values known to be genuine, per secret: ones minted here, and ones whose hash was
 * checked once. A browser sends the same cookie for its whole visit, so the hash (a WebCrypto
 * call, tens of microseconds) runs once per cookie, not once per request. Bounded; a miss just
 * checks the hash again.
 */
const genuine = new Map<string, Map<string, string>>()
const maxRemembered = 4096

function remember(secret: string, cookieValue: string, token: string) {
  let known = genuine.get(secret)
  if (!known) {
    if (genuine.size >= 16) genuine.delete(genuine.keys().next().value!)
    known = new Map()
    genuine.set(secret, known)
  }
  if (known.size >= maxRemembered) known.delete(known.keys().next().value!)
  known.set(cookieValue, token)
}

async function genuineToken(cookieValue: string, secret: string): Promise<string | undefined> {
  const known = genuine.get(secret)?.get(cookieValue)
  if (known) return known
  const [token, hash] = cookieValue.split("|")
  if (!token || !hash || !timingSafeEqual(hash, await sha256Hex(`${token}${secret}`))) return undefined
  remember(secret, cookieValue, token)
  return token
}

/**
 * Double-submit CSRF token in Auth.js's format: the cookie holds `<token>|sha256(token + secret)`,
 * the form posts `<token>`. A cookie whose hash does not check out is replaced.
 */
export async function readCsrfToken(
  cookieValue: string | undefined,
  postedToken: unknown,
  isPost: boolean,
  secret: string,
): Promise<CsrfState> {
  const token = cookieValue ? await genuineToken(cookieValue, secret) : undefined
  if (token) {
    const verified = isPost && typeof postedToken === "string" && timingSafeEqual(token, postedToken)
    return { token, verified }
  }
  const fresh = randomHex(32)
  const freshCookie = `${fresh}|${await sha256Hex(`${fresh}${secret}`)}`
  remember(secret, freshCookie, fresh)
  return { token: fresh, verified: false, cookieValue: freshCookie }
}
