/**
 * The links and codes of the password mails (address verification, reset), kept with the same
 * rows as e-mail sign-ins (email/verification-records.ts) under identifiers of their own,
 * `gatehouse:password-verify:<address>` and `gatehouse:password-reset:<address>`, so neither can
 * ever stand in for the other or for a sign-in mail. Every row is claimed through the adapter
 * (`useVerificationToken` deletes it), so a link or code works once across every instance.
 *
 * - A mail writes a link row and a code row and becomes the address's latest mail: a link or
 *   code from an older mail of the same kind is refused (only the newest reset works).
 * - A link spends its code row too, and the code its link (the link needs the code row): one mail, one use.
 * - A code costs one of the address's attempts first (maxCodeAttempts per window).
 *
 * The link token names its address (`<base64url(address)>.<256 random bits>`): the reset link
 * needs nothing else, and altering the address changes the hash, so it finds no row.
 */
import type { Adapter } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { randomHex } from "../crypto/random-pool.js"
import { deriveSignInCode, formatSignInCode } from "../email/sign-in-code.js"
import { storeVerification } from "../email/store-verification.js"
import { consumeLatestMailLink } from "../email/consume-latest-mail-link.js"
import { consumeCode } from "../email/verification-records.js"

export type PasswordTokenPurpose = "verify" | "reset"

export interface IssuedPasswordToken {
  token: string
  /** Formatted for the mail (`ABCD-EFGH`). */
  code: string
  expires: Date
}

const defaultMaxAge: Record<PasswordTokenPurpose, number> = { verify: 24 * 60 * 60, reset: 15 * 60 }

function identifierFor(purpose: PasswordTokenPurpose, email: string): string {
  return `gatehouse:password-${purpose}:${email}`
}

/** The secret the rows are hashed with: the config's current one, kept apart from other uses by a label. */
function tokenSecret(options: InternalOptions<"password">): string {
  const secret = Array.isArray(options.secret) ? options.secret[0] : options.secret
  return `gatehouse-password:${secret}`
}

export async function issuePasswordToken(
  purpose: PasswordTokenPurpose,
  email: string,
  options: InternalOptions<"password">,
): Promise<IssuedPasswordToken> {
  const provider = options.provider
  const maxAge = (purpose === "verify" ? provider.verifyMaxAge : provider.resetMaxAge) ?? defaultMaxAge[purpose]
  const secret = tokenSecret(options)
  const token = addressToken(email)
  const code = await deriveSignInCode(token, secret)
  const { expires } = await storeVerification(options.adapter!, {
    identifier: identifierFor(purpose, email),
    token,
    code,
    expires: new Date(Date.now() + maxAge * 1000),
    secret,
  })
  return { token, code: formatSignInCode(code), expires }
}

/** A new link token naming `email` (`<base64url(address)>.<256 random bits>`): the account's e-mail-change link uses it too. */
export function addressToken(email: string): string {
  return `${base64url(email)}.${randomHex(32)}`
}

/** The address a link token names, or undefined for anything that is not such a token. */
export function addressOfToken(token: unknown): string | undefined {
  if (typeof token !== "string" || token.length > 1024) return undefined
  const dot = token.indexOf(".")
  if (dot < 1 || !/^[0-9a-f]{64}$/.test(token.slice(dot + 1))) return undefined
  try {
    const email = new TextDecoder("utf-8", { fatal: true }).decode(fromBase64url(token.slice(0, dot)))
    return email.includes("@") ? email : undefined
  } catch {
    return undefined
  }
}

/** Spends a link: true only for the unexpired link of the address's latest mail of this kind, unused, whose code is unused too. */
export async function spendPasswordLink(
  purpose: PasswordTokenPurpose,
  token: string,
  options: InternalOptions<"password">,
): Promise<string | undefined> {
  const email = addressOfToken(token)
  if (!email) return undefined
  const spent = await consumeLatestMailLink(
    options.adapter as Required<Adapter>,
    identifierFor(purpose, email),
    token,
    tokenSecret(options),
  )
  return spent ? email : undefined
}

/** Spends a code typed by the user (one attempt is used first, right or wrong). */
export async function spendPasswordCode(
  purpose: PasswordTokenPurpose,
  email: string,
  code: string,
  options: InternalOptions<"password">,
): Promise<boolean> {
  const provider = options.provider
  return consumeCode(options.adapter as Required<Adapter>, identifierFor(purpose, email), code, tokenSecret(options), {
    maxCodeAttempts: provider.maxCodeAttempts ?? 5,
    codeAttemptWindowMs: (provider.codeAttemptWindow ?? 15 * 60) * 1000,
  })
}

function base64url(text: string): string {
  let binary = ""
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
}

function fromBase64url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new TypeError("not base64url")
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}
