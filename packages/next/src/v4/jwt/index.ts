/**
 * `@gatehouse/next/v4/jwt` — next-auth 4's `next-auth/jwt`: `getToken`, `encode`, `decode` in v4's
 * cookie format (JWE `dir` + A256GCM, key by HKDF-SHA256 from the secret), so v4 session cookies
 * stay readable and v4 code reading tokens keeps working.
 */
export { encode } from "./encode.js"
export { decode } from "./decode.js"
export { getToken } from "./get-token.js"
export type { GetTokenParams } from "./get-token.js"
export type { DefaultJWT, JWT, JWTDecodeParams, JWTEncodeParams, JWTOptions } from "./types.js"
