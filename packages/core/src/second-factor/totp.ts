/**
 * RFC 6238 TOTP as every authenticator app reads it (SHA-1, 6 digits, 30 s), through otpauth:
 * a new secret and its otpauth:// URI, and the time step a code belongs to (±1 step of drift).
 * Loaded on first use, so apps without a second factor never load it.
 */
type OtpAuth = typeof import("otpauth")
let loaded: Promise<OtpAuth> | undefined
const otpauth = () => (loaded ??= import("otpauth"))

const period = 30
const digits = 6

/** A new random secret (160 bits, RFC 4226's recommended length), as base32. */
export async function newTotpSecret(): Promise<string> {
  const { Secret } = await otpauth()
  return new Secret({ size: 20 }).base32
}

/** The `otpauth://totp/…` URI an authenticator app scans. */
export async function totpUri(base32: string, issuer: string, account: string): Promise<string> {
  const { Secret, TOTP } = await otpauth()
  return new TOTP({ issuer, label: account, secret: Secret.fromBase32(base32), algorithm: "SHA1", digits, period }).toString()
}

/**
 * The time step (seconds / 30) whose code `code` is, within one step either side of now, or null.
 * The step is what is claimed once through the adapter: the same code cannot be used twice.
 */
export async function totpStepOf(base32: string, code: string, now = Date.now()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null
  const { Secret, TOTP } = await otpauth()
  const totp = new TOTP({ secret: Secret.fromBase32(base32), algorithm: "SHA1", digits, period })
  // otpauth compares codes in constant time.
  const delta = totp.validate({ token: code, timestamp: now, window: 1 })
  return delta === null ? null : TOTP.counter({ period, timestamp: now }) + delta
}

/** The code of a secret at a time: for tests and the examples' drivers, never for checking. */
export async function totpCodeAt(base32: string, timestamp = Date.now()): Promise<string> {
  const { Secret, TOTP } = await otpauth()
  return new TOTP({ secret: Secret.fromBase32(base32), algorithm: "SHA1", digits, period }).generate({ timestamp })
}
