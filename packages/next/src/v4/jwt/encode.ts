import { EncryptJWT } from "@gatehouse/core/integration"
import { deriveV4EncryptionKey } from "./derive-v4-key.js"
import type { JWT, JWTEncodeParams } from "./types.js"

/** next-auth 4's default: 30 days. */
export const defaultMaxAge = 30 * 24 * 60 * 60

/** Encrypts a token as next-auth 4 does: JWE `dir` + A256GCM, with `iat`, `exp` and a fresh `jti`. */
export async function encode(params: JWTEncodeParams): Promise<string> {
  const { token = {}, secret, maxAge = defaultMaxAge } = params
  const first = Array.isArray(secret) ? secret[0] : secret
  if (!first) throw new TypeError("encode() needs `secret`")
  const key = await deriveV4EncryptionKey(first)
  const now = Math.floor(Date.now() / 1000)
  return new EncryptJWT(token as JWT)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt(now)
    .setExpirationTime(now + maxAge)
    .setJti(crypto.randomUUID())
    .encrypt(key)
}
