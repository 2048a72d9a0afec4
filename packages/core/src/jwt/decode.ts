import { JWEDecryptionFailed } from "jose/errors"
import { jwtDecrypt } from "jose/jwt/decrypt"
import { type DirectClaims, nativeCrypto } from "../crypto/native-crypto.js"
import { deriveEncryptionKey, type ContentEncryption, type DerivedKey } from "./derive-key.js"
import type { JWT, JWTDecodeParams } from "./types.js"

/** The clock tolerance of both paths: jose's, and the direct one's (crypto/direct-jwe.ts). */
const clockTolerance = 15

/**
 * `decode` without a promise where the runtime's synchronous crypto can decide (Node): the claims
 * and their JSON text, or `undefined` when jose must decide (edge runtimes, or a token outside the
 * one construction crypto/direct-jwe.ts handles). Throws what `decode` would reject with.
 */
export function decodeWithNativeCrypto(token: string, secret: string | string[], salt: string): DirectClaims | undefined {
  if (!nativeCrypto || !token) return undefined
  const secrets = Array.isArray(secret) ? secret : [secret]
  // Synchronous where native crypto exists: derived keys are values there, never promises.
  const direct = nativeCrypto.decryptJwe(
    token,
    secrets,
    salt,
    clockTolerance,
    deriveEncryptionKey as (...args: Parameters<typeof deriveEncryptionKey>) => DerivedKey,
  )
  if (direct === "unauthentic") throw decryptionFailed()
  return direct
}

/**
 * jose's error for a tag that does not authenticate, without a stack trace: it answers bad client
 * input (a tampered or foreign cookie), where capturing the stack twice (JOSEError does) cost more
 * than the whole MAC check. Class, code and message are jose's.
 */
function decryptionFailed(): JWEDecryptionFailed {
  // Error.stackTraceLimit is V8's (Node, Deno, Bun honour it); this path only runs on Node.
  const errors = Error as { stackTraceLimit?: number }
  const limit = errors.stackTraceLimit
  errors.stackTraceLimit = 0
  try {
    return new JWEDecryptionFailed()
  } finally {
    errors.stackTraceLimit = limit
  }
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
