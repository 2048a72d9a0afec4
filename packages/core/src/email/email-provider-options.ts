import type { InternalOptions, EmailConfig } from "../providers/types.js"

/** Gatehouse's additions to an e-mail provider, with their defaults filled in. */
export interface EmailFlowOptions {
  /** Whether the mail carries a short code besides the link. */
  signInCode: boolean
  /** Wrong (or right) codes accepted per address and attempt window before codes are refused. */
  maxCodeAttempts: number
  /**
   * The fixed window the attempts belong to: the code's lifetime, at most 15 minutes. New mails
   * do not renew it. Short enough that someone burning an address's attempts locks its codes
   * (never its links) only briefly; over a 24-hour code that is still at most ~500 guesses in
   * 31^8 values.
   */
  codeAttemptWindowMs: number
  /** Auth.js behaviour: opening the link signs in at once, with no confirmation step. */
  consumeOnGet: boolean
  /** Seconds a link (and its code) stays valid. */
  maxAge: number
}

/**
 * Every e-mail provider's `from` unless the app sets one: a reserved example domain (RFC 2606), so mail
 * from it is plainly unconfigured and nobody else's name is borrowed. It lives here, not in the
 * nodemailer provider, so that mail-API providers do not bring nodemailer along.
 */
export const defaultFrom = "Gatehouse <no-reply@example.com>"

export const defaultMaxCodeAttempts = 5
export const defaultEmailMaxAge = 24 * 60 * 60
const maxCodeAttemptWindow = 15 * 60

export function emailFlowOptions(provider: EmailConfig): EmailFlowOptions {
  const attempts = provider.maxCodeAttempts
  const maxAge = typeof provider.maxAge === "number" && provider.maxAge > 0 ? provider.maxAge : defaultEmailMaxAge
  return {
    signInCode: provider.signInCode !== false,
    maxCodeAttempts: Number.isInteger(attempts) && attempts! > 0 ? Math.min(attempts!, 20) : defaultMaxCodeAttempts,
    consumeOnGet: provider.consumeOnGet === true,
    codeAttemptWindowMs: Math.min(maxAge, maxCodeAttemptWindow) * 1000,
    maxAge,
  }
}

/**
 * The secret mixed into e-mail token hashes: the provider's own `secret`, else the config's, as
 * Auth.js interpolates it into a string (an array of rotated secrets becomes its comma-joined
 * list, so tokens hashed before a rotation no longer match, exactly as in Auth.js).
 */
export function verificationSecret(options: InternalOptions<"email">): string {
  return `${options.provider.secret ?? options.secret}`
}
