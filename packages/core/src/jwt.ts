/** `@gatehouse/core/jwt`: the session token codec, compatible with `@auth/core/jwt`. */
export { encode } from "./jwt/encode.js"
export { decode } from "./jwt/decode.js"
export { getToken } from "./jwt/get-token.js"
export type {
  DefaultJWT,
  GetTokenParams,
  JWT,
  JWTDecodeParams,
  JWTEncodeParams,
  JWTOptions,
} from "./jwt/types.js"
