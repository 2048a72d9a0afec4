import { encryptDirect } from "../crypto/direct-jwe.js"
import { contentCipher } from "../crypto/native-crypto.js"
import { deriveEncryptionKey } from "./derive-key.js"
import type { JWT, JWTEncodeParams } from "./types.js"

export const defaultMaxAge = 30 * 24 * 60 * 60
const enc = "A256CBC-HS512"

/**
 * Encrypts a token as Auth.js does: JWE `dir` + A256CBC-HS512, with `iat`, `exp` and a fresh `jti`,
 * exactly as jose's EncryptJWT would (crypto/direct-jwe.ts), on the runtime's content cipher.
 */
export async function encode<Payload = JWT>(params: JWTEncodeParams<Payload>): Promise<string> {
  const { token = {}, secret, maxAge = defaultMaxAge, salt } = params
  const first = Array.isArray(secret) ? secret[0] : secret
  const derived = await deriveEncryptionKey(enc, first, salt)
  const now = Math.floor(Date.now() / 1000)
  return encryptDirect(contentCipher, token, derived, enc, now, now + maxAge, crypto.randomUUID())
}
