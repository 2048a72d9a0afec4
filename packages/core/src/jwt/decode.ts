import { jwtDecrypt } from "jose/jwt/decrypt"
import { nativeCrypto } from "../crypto/native-crypto.js"
import { deriveEncryptionKey, type ContentEncryption } from "./derive-key.js"
import { clockTolerance, decryptDirect, type DirectClaims } from "./direct-jwe.js"
import type { JWT, JWTDecodeParams } from "./types.js"

/**
 * `decode` without a promise where the runtime's synchronous crypto can decide (Node): the claims
 * and their JSON text, or `undefined` when jose must decide (edge runtimes, or a token outside the
 * one construction direct-jwe.ts handles). Throws what `decode` would reject with.
 */
export function decodeWithNativeCrypto(token: string, secret: string | string[], salt: string): DirectClaims | undefined {
  if (!nativeCrypto || !token) return undefined
  return decryptDirect(nativeCrypto, token, Array.isArray(secret) ? secret : [secret], salt)
}

/**
 * Decrypts a token made by `encode` (or by Auth.js). Throws when the token is not
 * readable with any of the secrets; returns null when there is no token.
 */
export async function decode<Payload = JWT>(params: JWTDecodeParams): Promise<Payload | null> {
  const { token, secret, salt } = params
  if (!token) return null
  const direct = decodeWithNativeCrypto(token, secret, salt)
  if (direct) return direct.claims as Payload
  return (await decodeWithJose(token, secret, salt)) as Payload
}

/** The token through jose: what decodeWithNativeCrypto leaves undecided (edge runtimes, tokens outside its one construction). */
export async function decodeWithJose(token: string, secret: string | string[], salt: string): Promise<JWT> {
  const secrets = Array.isArray(secret) ? secret : [secret]
  const { payload } = await jwtDecrypt(
    token,
    async ({ kid, enc }) => {
      for (const candidate of secrets) {
        const derived = await deriveEncryptionKey(enc as ContentEncryption, candidate, salt)
        // Without a kid only the first secret is tried, as Auth.js does.
        if (kid === undefined || derived.kid === kid) return derived.key
      }
      throw new Error("no matching decryption secret")
    },
    {
      clockTolerance,
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"],
    },
  )
  return payload as JWT
}
