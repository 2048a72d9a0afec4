import { EncryptJWT } from "jose/jwt/encrypt"
import { nativeCrypto } from "../crypto/native-crypto.js"
import { deriveEncryptionKey } from "./derive-key.js"
import type { JWT, JWTEncodeParams } from "./types.js"

export const defaultMaxAge = 30 * 24 * 60 * 60
const enc = "A256CBC-HS512"

/** Encrypts a token as Auth.js does: JWE `dir` + A256CBC-HS512, with `iat`, `exp` and a fresh `jti`. */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, maxAge = defaultMaxAge, salt } = params
  const first = Array.isArray(secret) ? secret[0] : secret
  const derived = await deriveEncryptionKey(enc, first, salt)
  const now = Math.floor(Date.now() / 1000)
  const jti = crypto.randomUUID()
  const direct = nativeCrypto?.encryptJwe(token, derived, enc, now, now + maxAge, jti)
  if (direct) return direct
  return new EncryptJWT(token as Record<string, unknown>)
    .setProtectedHeader({ alg: "dir", enc, kid: derived.kid })
    .setIssuedAt(now)
    .setExpirationTime(now + maxAge)
    .setJti(jti)
    .encrypt(derived.key)
}
