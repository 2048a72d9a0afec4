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
 * Double-submit CSRF token in Auth.js's format: the cookie holds `<token>|sha256(token + secret)`,
 * the form posts `<token>`. A cookie whose hash does not check out is replaced.
 */
export async function readCsrfToken(
  cookieValue: string | undefined,
  postedToken: unknown,
  isPost: boolean,
  secret: string,
): Promise<CsrfState> {
  if (cookieValue) {
    const [token, hash] = cookieValue.split("|")
    if (token && hash && timingSafeEqual(hash, await sha256Hex(`${token}${secret}`))) {
      const verified = isPost && typeof postedToken === "string" && timingSafeEqual(token, postedToken)
      return { token, verified }
    }
  }
  const token = randomHex(32)
  return { token, verified: false, cookieValue: `${token}|${await sha256Hex(`${token}${secret}`)}` }
}
