import { EncryptJWT } from "jose/jwt/encrypt"
import { deriveEncryptionKey } from "./derive-key.js"
import type { JWT, JWTEncodeParams } from "./types.js"

export const defaultMaxAge = 30 * 24 * 60 * 60
const enc = "A256CBC-HS512"

/** Encrypts a token as Auth.js does: JWE `dir` + A256CBC-HS512, with `iat`, `exp` and a fresh `jti`. */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, maxAge = defaultMaxAge, salt } = params
  const first = Array.isArray(secret) ? secret[0] : secret
  const { key, kid } = await deriveEncryptionKey(enc, first, salt)
  const now = Math.floor(Date.now() / 1000)
  return new EncryptJWT(token as Record<string, unknown>)
    .setProtectedHeader({ alg: "dir", enc, kid })
    .setIssuedAt(now)
    .setExpirationTime(now + maxAge)
    .setJti(crypto.randomUUID())
    .encrypt(key)
}
