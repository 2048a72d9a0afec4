/**
 * The short code printed in the sign-in mail, for reading the mail on one device and signing in on
 * another. Eight characters from an alphabet without look-alikes (no 0/O, 1/I/L): 31^8 ≈ 8.5·10^11
 * values, against at most a handful of attempts per mail.
 */
export const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
export const codeLength = 8

const text = new TextEncoder()

/**
 * The code that belongs to a link token: HMAC-SHA-256(secret, token), read as base-31 digits by
 * rejection sampling (so every character is equally likely). Deterministic, so the link flow can
 * find and consume the code's row; one-way, so the code does not give the link away.
 */
export async function deriveSignInCode(token: string, secret: string): Promise<string> {
  // Prefixed so that the key is never empty (WebCrypto refuses empty HMAC keys).
  const key = await crypto.subtle.importKey(
    "raw",
    text.encode(`gatehouse-sign-in-code-key:${secret}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  )
  let code = ""
  // 248 = 8 × 31: bytes at or above it would favour the first characters, so they are skipped.
  for (let block = 0; code.length < codeLength; block++) {
    const bytes = new Uint8Array(await crypto.subtle.sign("HMAC", key, text.encode(`gatehouse-sign-in-code:${block}:${token}`)))
    for (const byte of bytes) {
      if (byte >= 248) continue
      code += codeAlphabet[byte % 31]
      if (code.length === codeLength) break
    }
  }
  return code
}

/** How the code is shown in the mail: two groups of four, easier to read out and type. */
export function formatSignInCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`
}

/**
 * A code as typed: case, spaces and dashes do not matter. Returns undefined for anything that
 * cannot be a code at all, which is refused without using up an attempt.
 */
export function readSubmittedCode(input: unknown): string | undefined {
  if (typeof input !== "string" || input.length > 64) return undefined
  const code = input.normalize("NFKC").toUpperCase().replace(/[\s-]/g, "")
  if (code.length !== codeLength) return undefined
  for (const char of code) if (!codeAlphabet.includes(char)) return undefined
  return code
}
