/** The decrypted session token; augment it with `declare module "@gatehouse/next/v4/jwt" { interface JWT { … } }`. */
export interface DefaultJWT extends Record<string, unknown> {
  name?: string | null
  email?: string | null
  picture?: string | null
  sub?: string
}

export interface JWT extends Record<string, unknown>, DefaultJWT {}

/** As next-auth 4: no salt (v4 derives one key from the secret for every cookie). */
export interface JWTEncodeParams {
  token?: JWT
  secret: string | string[]
  /** Seconds until the token expires. Default: 30 days. */
  maxAge?: number
  /** Accepted and ignored: v4's format has no salt. */
  salt?: string
}

export interface JWTDecodeParams {
  token?: string
  secret: string | string[]
  salt?: string
}

export interface JWTOptions {
  secret?: string
  maxAge?: number
  encode?: (params: JWTEncodeParams) => Promise<string> | string
  decode?: (params: JWTDecodeParams) => Promise<JWT | null> | JWT | null
}
