import type { JWT } from "@gatehouse/core/jwt"

/**
 * The decrypted session token: core's own type, so that
 * `declare module "@gatehouse/next/v4/jwt" { interface JWT { … } }` widens it in the callbacks too.
 */
export type { DefaultJWT, JWT } from "@gatehouse/core/jwt"

/** As next-auth 4: no salt (v4 derives one key from the secret for every cookie). */
export interface JWTEncodeParams {
  token?: JWT
  secret: string | string[]
  /** Seconds until the token expires. Default: 30 days. */
  maxAge?: number
  /** Accepted and ignored: v4's format has no salt. */
  salt?: string
}

/** What next-auth 4's `decode` takes: the token and the secret(s). */
export interface JWTDecodeParams {
  token?: string
  secret: string | string[]
  salt?: string
}

/** next-auth 4's `jwt` options: secret, lifetime, and your own `encode`/`decode`. */
export interface JWTOptions {
  secret?: string
  maxAge?: number
  encode?: (params: JWTEncodeParams) => Promise<string> | string
  decode?: (params: JWTDecodeParams) => Promise<JWT | null> | JWT | null
}
