/**
 * TOTP secrets at rest: encrypted (JWE, `dir` + A256GCM through jose) under a key derived from
 * AUTH_SECRET with HKDF-SHA256 and an info string of its own, so a database dump alone gives no
 * one a working authenticator, and no session or cookie key can open a secret (nor the reverse).
 * With several secrets (rotation) a secret is sealed with the first and opened with any.
 */
import { compactDecrypt } from "jose/jwe/compact/decrypt"
import { CompactEncrypt } from "jose/jwe/compact/encrypt"

const info = new TextEncoder().encode("Gatehouse second-factor secret")
const keys = new Map<string, Promise<Uint8Array>>()

function keyFor(secret: string): Promise<Uint8Array> {
  let key = keys.get(secret)
  if (!key) {
    key = (async () => {
      const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveBits"])
      const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info }, material, 256)
      return new Uint8Array(bits)
    })()
    if (keys.size > 16) keys.clear()
    keys.set(secret, key)
  }
  return key
}

const secretsOf = (secret: string | string[]) => (Array.isArray(secret) ? secret : [secret])

/** The TOTP secret (base32) as stored. */
export async function sealTotpSecret(base32: string, secret: string | string[]): Promise<string> {
  const key = await keyFor(secretsOf(secret)[0]!)
  return new CompactEncrypt(new TextEncoder().encode(base32)).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).encrypt(key)
}

/** The base32 TOTP secret in a stored value; throws when no configured secret opens it. */
export async function openTotpSecret(sealed: string, secret: string | string[]): Promise<string> {
  let failure: unknown
  for (const candidate of secretsOf(secret)) {
    try {
      const { plaintext } = await compactDecrypt(sealed, await keyFor(candidate), {
        keyManagementAlgorithms: ["dir"],
        contentEncryptionAlgorithms: ["A256GCM"],
      })
      return new TextDecoder().decode(plaintext)
    } catch (error) {
      failure = error
    }
  }
  throw failure
}
