import { getToken as readToken } from "@gatehouse/core/jwt"
import { decode } from "./decode.js"
import type { JWT, JWTOptions } from "./types.js"

/** The request shapes next-auth 4 accepts: Web/Next requests, and Node's (pages router) with plain headers. */
export type TokenRequest = Request | { headers: Headers | Record<string, string | string[] | undefined> }

/**
 * What next-auth 4's `getToken` takes: the request, the secret, the cookie's name, `raw` for the
 * encrypted token itself.
 */
export interface GetTokenParams<R extends boolean = false> {
  /** The request with the session cookie or an `Authorization: Bearer` header. Absent: the current request (app router). */
  req?: TokenRequest
  /** Read `__Secure-next-auth.session-token`. Default: NEXTAUTH_URL starts with https://, or running on Vercel. */
  secureCookie?: boolean
  cookieName?: string
  raw?: R
  /** Default: NEXTAUTH_SECRET. */
  secret?: string | string[]
  decode?: JWTOptions["decode"]
  logger?: Pick<Console, "error">
}

/**
 * next-auth 4's `getToken`: the session token's claims from the request's (chunked) session cookie
 * or Bearer header, or null when there is none or it cannot be read (wrong secret, tampered, expired).
 */
export async function getToken<R extends boolean = false>(
  params: GetTokenParams<R> = {},
): Promise<R extends true ? string | null : JWT | null> {
  const {
    secureCookie = process.env.NEXTAUTH_URL?.startsWith("https://") ?? !!process.env.VERCEL,
    cookieName = secureCookie ? "__Secure-next-auth.session-token" : "next-auth.session-token",
    raw,
    decode: decodeToken = decode,
    secret = process.env.NEXTAUTH_SECRET,
  } = params
  const req = params.req ?? (await currentRequest())
  return readToken({
    req: { headers: toHeaders(req.headers) },
    cookieName,
    secret: secret as string | string[],
    raw,
    decode: decodeToken as never,
    salt: cookieName,
  }) as Promise<R extends true ? string | null : JWT | null>
}

/** In app-router server code next-auth 4 reads the request from `next/headers`. */
async function currentRequest(): Promise<{ headers: Headers }> {
  const { headers } = await import("next/headers")
  return { headers: new Headers(await headers()) }
}

function toHeaders(headers: TokenRequest["headers"]): Headers {
  if (headers instanceof Headers) return headers
  const result = new Headers()
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) result.append(name, item)
  }
  return result
}
