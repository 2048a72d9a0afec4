import type { JWT, JWTOptions } from "../jwt/types.js"
import { decode as builtInDecode } from "../jwt/decode.js"

interface CachedToken {
  payload: JWT
  /** ms epoch after which the entry must not be served. */
  validUntil: number
}

const cache = new Map<string, CachedToken>()
const maxEntries = 1024
/** Decryption is repeated for the same cookie on every page load; a short memory saves it. */
const maxEntryMs = 60_000

/**
 * Decodes a session token, remembering recent results of the built-in decoder for a minute
 * (never past the token's `exp`). The key is the whole ciphertext together with the secret and
 * salt, so a hit means exactly these authenticated bytes were decrypted before. Custom decoders
 * are always called.
 */
export async function readTokenCached(token: string, jwt: JWTOptions, salt: string): Promise<JWT | null> {
  if (jwt.decode !== builtInDecode) return (await jwt.decode({ ...jwt, token, salt } as any)) ?? null
  const secret = jwt.secret ?? ""
  const key = `${salt}\u0000${Array.isArray(secret) ? secret.join("\u0001") : secret}\u0000${token}`
  const now = Date.now()
  const hit = cache.get(key)
  if (hit) {
    if (hit.validUntil > now) return structuredClone(hit.payload)
    cache.delete(key)
  }
  const payload = (await builtInDecode({ token, secret: secret as string | string[], salt })) as JWT | null
  if (!payload) return null
  const exp = typeof payload.exp === "number" ? payload.exp * 1000 : now
  const validUntil = Math.min(now + maxEntryMs, exp)
  if (validUntil > now) {
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!)
    cache.set(key, { payload: structuredClone(payload), validUntil })
  }
  return payload
}
