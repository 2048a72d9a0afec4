/**
 * The libraries second factors run on: otpauth (RFC 6238 TOTP: SHA-1, 6 digits, 30 s, what every
 * authenticator app reads) and uqr (the QR code of the otpauth:// URI, as SVG). Only the
 * `@gatehouse/core/second-factor` entry imports this file, so apps that do not turn second factors on
 * never bundle either package (a Workers bundle stays within its budget); both load on first use.
 */
import type { TotpLibrary } from "./second-factor-config.js"

type OtpAuth = typeof import("otpauth")
let loaded: Promise<OtpAuth> | undefined
const otpauth = () => (loaded ??= import("otpauth"))

const period = 30
const digits = 6

async function totpOf(base32: string) {
  const { Secret, TOTP } = await otpauth()
  return new TOTP({ secret: Secret.fromBase32(base32), algorithm: "SHA1", digits, period })
}

export const totpLibrary: Omit<TotpLibrary, "action" | "stepUpFactors" | "check" | "holdForSecondFactor" | "singleUseLedger"> = {
  /** A new random secret (160 bits, RFC 4226's recommended length), as base32. */
  async newSecret() {
    const { Secret } = await otpauth()
    return new Secret({ size: 20 }).base32
  },

  /** The `otpauth://totp/…` URI an authenticator app scans. */
  async uri(base32, issuer, account) {
    const { Secret, TOTP } = await otpauth()
    return new TOTP({ issuer, label: account, secret: Secret.fromBase32(base32), algorithm: "SHA1", digits, period }).toString()
  },

  /**
   * The time step (seconds / 30) whose code `code` is, within one step either side of now, or null.
   * The step is what is claimed once through the adapter: the same code cannot be used twice.
   */
  async stepOf(base32, code, now = Date.now()) {
    if (!/^\d{6}$/.test(code)) return null
    const { TOTP } = await otpauth()
    // otpauth compares codes in constant time.
    const delta = (await totpOf(base32)).validate({ token: code, timestamp: now, window: 1 })
    return delta === null ? null : TOTP.counter({ period, timestamp: now }) + delta
  },

  /** The QR code of a text as SVG. */
  async qrSvg(text) {
    const { renderSVG } = await import("uqr")
    return renderSVG(text, { ecc: "M", border: 2 })
  },
}

/** The code of a secret at a time: for tests and example drivers (an app's own test of its Security page), never for checking. */
export async function totpCodeAt(base32: string, timestamp = Date.now()): Promise<string> {
  return (await totpOf(base32)).generate({ timestamp })
}
