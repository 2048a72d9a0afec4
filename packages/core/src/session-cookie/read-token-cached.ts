import type { JWT, JWTDecodeParams, JWTOptions } from "../jwt/types.js"
import { decode as builtInDecode, type DirectClaims, decodeDirect } from "../jwt/decode.js"

interface CachedToken {
  /**
   * The payload as JSON rather than a structured clone: one flat string is cheaper to make on a
   * miss, to copy out on a hit, and for the garbage collector to carry while the entry lives
   * (a cloned object graph made the miss cost more than the decryption it saves).
   */
  json: string
  /** ms epoch after which the entry must not be served. */
  validUntil: number
  /** The salt and secret(s) the token was decoded with: a hit must match them exactly. */
  scope: string
  /** What the entry holds, in UTF-16 code units: its token, scope and payload's JSON. */
  size: number
}

/**
 * Keyed by the token alone, the scope checked on a hit: hashing the cookie as it came costs less
 * than joining it to the scope into a new key string on every read.
 */
const cache = new Map<string, CachedToken>()
const maxEntries = 1024
/** A token longer than this is decoded every time: real session tokens are far shorter, and one entry must not hog the budget. */
const maxCachedTokenLength = 8 * 1024
/** All entries together (UTF-16 code units, so twice this in bytes): 4 MiB of heap at most. */
const maxCachedSize = 2 * 1024 * 1024
let cachedSize = 0
/** Decryption is repeated for the same cookie on every page load; a short memory saves it. */
const maxEntryMs = 60_000

/** A decoded token and, when the cache made or kept it, its payload's JSON (so a caller comparing it need not stringify again). */
export interface DecodedToken {
  payload: JWT
  json: string | undefined
}

/**
 * Decodes a session token, remembering recent results of the built-in decoder for a minute
 * (never past the token's `exp`). An entry is found by the whole ciphertext and served only for
 * the same secret and salt, so a hit means exactly these authenticated bytes were decrypted before. Custom decoders
 * are always called.
 */
export async function readTokenCached(token: string, jwt: JWTOptions, salt: string): Promise<JWT | null> {
  return (await decodeTokenCached(token, jwt, salt))?.payload ?? null
}

/**
 * As readTokenCached, with the payload's JSON, and synchronous on a hit (a browser re-reading its
 * session, the common case) and, on Node, on a miss too: a token is then decrypted without a
 * promise. Throws synchronously what the decoder would reject with.
 */
export function decodeTokenCached(token: string, jwt: JWTOptions, salt: string): DecodedToken | null | Promise<DecodedToken | null> {
  if (jwt.decode !== builtInDecode) return decodeCustom(token, jwt, salt)
  if (!token) return null
  const secret = jwt.secret ?? ""
  const scope = `${salt}\u0000${Array.isArray(secret) ? secret.join("\u0001") : secret}`
  const hit = cache.get(token)
  if (hit && hit.scope === scope) {
    if (hit.validUntil > Date.now()) return { payload: JSON.parse(hit.json) as JWT, json: hit.json }
    forget(token, hit)
  }
  // A value on Node (node:crypto is synchronous), a promise where the cipher is WebCrypto's.
  const decoded = decodeDirect(token, secret as string | string[], salt)
  return decoded instanceof Promise ? decoded.then((direct) => remember(token, direct, scope)) : remember(token, decoded, scope)
}

async function decodeCustom(token: string, jwt: JWTOptions, salt: string): Promise<DecodedToken | null> {
  const payload = ((await jwt.decode!({ ...jwt, token, salt } as JWTDecodeParams)) ?? null) as JWT | null
  return payload ? { payload, json: undefined } : null
}

/**
 * Keeps a decoded token for a minute at most (never past its `exp`), within the cache's bounds. The
 * token's own JSON text parses to the same claims, so it is kept instead of stringifying them again.
 * Written by JSON.stringify (jose's encoder and ours), it is also exactly that string; from another
 * writer, comparing a callback's token against it errs only toward re-issuing the cookie.
 */
function remember(token: string, { claims, json }: DirectClaims, scope: string): DecodedToken {
  const payload = claims as JWT
  const now = Date.now()
  const exp = typeof payload.exp === "number" ? payload.exp * 1000 : now
  const validUntil = Math.min(now + maxEntryMs, exp)
  if (validUntil <= now || token.length > maxCachedTokenLength) return { payload, json }
  const size = scope.length + 1 + token.length + json.length
  // The same token under another scope (another secret or cookie name): this one replaces it.
  const other = cache.get(token)
  if (other) forget(token, other)
  while (cache.size > 0 && (cache.size >= maxEntries || cachedSize + size > maxCachedSize)) {
    const [oldestKey, oldest] = cache.entries().next().value!
    forget(oldestKey, oldest)
  }
  cache.set(token, { json, validUntil, scope, size })
  cachedSize += size
  return { payload, json }
}

function forget(token: string, entry: CachedToken) {
  cache.delete(token)
  cachedSize -= entry.size
}

/** What the cache holds now (tests check the bounds through it). */
export function cachedTokenStats(): { entries: number; size: number } {
  return { entries: cache.size, size: cachedSize }
}
