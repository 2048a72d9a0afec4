import { MissingSecret } from "../errors.js"
import { parseCookieHeader } from "../http/parse-cookie-header.js"
import { readSessionCookie } from "../http/session-chunks.js"
import { decode } from "./decode.js"
import type { GetTokenParams, JWT } from "./types.js"

/** What `getToken` answers: the raw token with `raw: true`, else its claims; null when there is none. */
type TokenOf<R extends boolean> = R extends true ? string | null : JWT | null

/** Anything longer cannot be a session token we issued: refuse it before any crypto. */
const maxTokenLength = 64 * 1024

/**
 * Reads the session token from a request's cookies, or from `Authorization: Bearer`.
 * Never throws on bad input: a missing, malformed or unreadable token gives null.
 */
export async function getToken<R extends boolean = false>(params: GetTokenParams<R>): Promise<TokenOf<R>> {
  const {
    req,
    secureCookie = false,
    cookieName = secureCookie ? "__Secure-authjs.session-token" : "authjs.session-token",
    salt = cookieName,
    secret,
    raw,
    decode: decodeToken = decode,
  } = params
  if (!req) throw new Error("getToken() needs the request: pass `req`")
  const headers = req.headers instanceof Headers ? req.headers : new Headers(req.headers)

  let token = readSessionCookie(parseCookieHeader(headers.get("cookie")), cookieName)
  if (!token) token = bearerToken(headers.get("authorization"))
  if (!token || token.length > maxTokenLength) return null
  if (raw) return token as TokenOf<R>
  if (!secret || (Array.isArray(secret) && secret.length === 0)) {
    throw new MissingSecret("getToken() needs `secret` to decrypt the token")
  }
  try {
    return (await decodeToken({ token, secret, salt })) as TokenOf<R>
  } catch {
    return null
  }
}

function bearerToken(header: string | null): string | undefined {
  if (!header) return undefined
  const [scheme, value] = header.split(" ")
  if (scheme !== "Bearer" || !value) return undefined
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}
