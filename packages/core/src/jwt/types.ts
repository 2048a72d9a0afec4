import type { Awaitable } from "../shared-types.js"

/** The decrypted session token: name, email, picture and sub at sign-in, plus what the jwt callback adds. */
export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null
  email?: string | null
  picture?: string | null
  sub?: string
  iat?: number
  exp?: number
  jti?: string
}

/**
 * The session token's claims as the `jwt` callback and `getToken` see them; extend it by module
 * augmentation.
 */
export interface JWT extends Record<string, unknown>, DefaultJWT {}

/**
 * What `encode` takes: the claims, the secret(s), the salt (the cookie's name) and how long the token
 * lives.
 */
export interface JWTEncodeParams<Payload = JWT> {
  /** Seconds until the token expires. Default: 30 days. */
  maxAge?: number
  /** Used in key derivation; core passes the session cookie's name. */
  salt: string
  /** With an array, the first secret encrypts. */
  secret: string | string[]
  token?: Payload
}

/** What `decode` takes: the token, the secret(s) that may have made it, and the salt it was made with. */
export interface JWTDecodeParams {
  salt: string
  /** With an array, every secret is tried (matched by key id). */
  secret: string | string[]
  token?: string
}

/** `jwt` in the config: the session token's lifetime and, if needed, your own `encode`/`decode`. */
export interface JWTOptions {
  secret?: string | string[]
  maxAge: number
  encode: (params: JWTEncodeParams) => Awaitable<string>
  decode: (params: JWTDecodeParams) => Awaitable<JWT | null>
}

/**
 * What `getToken` takes: the request (or its headers), the secret, and which cookie to read; `raw`
 * gives the encrypted token itself.
 */
export interface GetTokenParams<R extends boolean = false> {
  req: Request | { headers: Headers | Record<string, string> }
  /** Read the `__Secure-` cookie name (sites on https). */
  secureCookie?: boolean
  cookieName?: string
  raw?: R
  secret?: string | string[]
  salt?: string
  decode?: JWTOptions["decode"]
  logger?: Pick<Console, "error"> | { error: (error: Error) => void }
}
