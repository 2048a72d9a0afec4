/**
 * Random bytes drawn from a pool that one CSPRNG call fills. A sign-in needs a few small draws (the
 * CSRF token, the session token's IV), and each `getRandomValues` call costs ≈ 3 µs on Node however
 * few bytes it returns, against ≈ 50 ns for a slice of the pool. Node's own `randomUUID` keeps a
 * cache for the same reason. Every byte is handed out once: a draw is a copy, and the offset only
 * moves forward until the pool is refilled.
 */
const poolSize = 4096
let pool = new Uint8Array(poolSize)
let offset = poolSize

/** `length` bytes from the platform's CSPRNG, never the same bytes twice. */
export function drawRandomBytes(length: number): Uint8Array {
  if (length > poolSize / 4) return crypto.getRandomValues(new Uint8Array(length))
  if (offset + length > poolSize) {
    pool = crypto.getRandomValues(new Uint8Array(poolSize))
    offset = 0
  }
  const bytes = pool.slice(offset, offset + length)
  offset += length
  return bytes
}

/** `bytes` random bytes as lowercase hex. */
export function randomHex(bytes: number): string {
  let hex = ""
  for (const byte of drawRandomBytes(bytes)) hex += byte.toString(16).padStart(2, "0")
  return hex
}
