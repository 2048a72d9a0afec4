import { jwtDecrypt } from "@gatehouse/core/integration"
import { deriveV4EncryptionKey } from "./derive-v4-key.js"
import type { JWT, JWTDecodeParams } from "./types.js"

/** next-auth 4 accepts tokens up to 15 s past `exp` (clock skew between servers). */
const clockTolerance = 15

/**
 * Decrypts a token made by next-auth 4 (or by `encode`): JWE `dir` + A256GCM only. With several
 * secrets (rotation) each is tried in turn. Throws when none can read it; null when there is no token.
 */
export async function decode(params: JWTDecodeParams): Promise<JWT | null> {
  const { token, secret } = params
  if (!token) return null
  const secrets = (Array.isArray(secret) ? secret : [secret]).filter(Boolean)
  if (secrets.length === 0) throw new TypeError("decode() needs `secret`")
  let failure: unknown
  for (const candidate of secrets) {
    try {
      const { payload } = await jwtDecrypt(token, await deriveV4EncryptionKey(candidate), {
        clockTolerance,
        keyManagementAlgorithms: ["dir"],
        contentEncryptionAlgorithms: ["A256GCM"],
      })
      return payload as JWT
    } catch (error) {
      failure = error
    }
  }
  throw failure
}
