import { randomHex } from "../crypto/random-pool.js"
import { sha256Hex } from "../crypto/sha256-hex.js"

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
/**
 * Entries are keyed by `<token>|<hash>` (a minted pair is 129 characters), never by the whole
 * cookie: Auth.js reads only the first two `|` parts, so a genuine pair followed by 15 kB of
 * anything checks out, and 4,096 such keys would hold tens of megabytes. Longer pairs are
 * checked every time instead of remembered.
 */
const maxRememberedKeyLength = 256

function remember(secret: string, pair: string, token: string) {
  if (pair.length > maxRememberedKeyLength) return
  let known = genuine.get(secret)
  if (!known) {
    if (genuine.size >= 16) genuine.delete(genuine.keys().next().value!)
    known = new Map()
    genuine.set(secret, known)
  }
  if (known.size >= maxRemembered) known.delete(known.keys().next().value!)
  known.set(pair, token)
}

async function genuineToken(cookieValue: string, secret: string): Promise<string | undefined> {
  const [token, hash] = cookieValue.split("|", 2)
  if (!token || !hash) return undefined
  const pair = `${token}|${hash}`
  const known = genuine.get(secret)?.get(pair)
  if (known) return known
  if (!timingSafeEqual(hash, await sha256Hex(`${token}${secret}`))) return undefined
  remember(secret, pair, token)
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

/** What the remembered-cookie cache holds now, in entries and UTF-16 code units of keys and tokens (tests check its bounds). */
export function rememberedCsrfStats(): { entries: number; size: number } {
  let entries = 0
  let size = 0
  for (const known of genuine.values()) {
    for (const [pair, token] of known) {
      entries++
      size += pair.length + token.length
    }
  }
  return { entries, size }
}

/** String equality whose time does not depend on where the strings differ. */
function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}
