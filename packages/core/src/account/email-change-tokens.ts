/**
 * The link and code of an e-mail-change mail, kept with the same rows as e-mail sign-ins
 * (email/verification-records.ts) under an identifier of their own,
 * `gatehouse:email-change:<user id>:<new address>`: a link or code proves the address for that one
 * user only, never signs anyone in, and cannot stand in for a sign-in or password mail (nor they
 * for it). Only the user's latest mail for the address works; a link spends its code, and a code
 * costs one of five attempts per quarter hour before it is looked at.
 */
import type { Adapter } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { deriveSignInCode, formatSignInCode } from "../email/sign-in-code.js"
import { storeVerification } from "../email/store-verification.js"
import { consumeLatestMailLink } from "../email/consume-latest-mail-link.js"
import { consumeCode } from "../email/verification-records.js"
import { addressOfToken, addressToken } from "../passwords/password-tokens.js"

const maxAge = 60 * 60
const codeLimits = { maxCodeAttempts: 5, codeAttemptWindowMs: 15 * 60 * 1000 }

function identifierFor(userId: string, email: string): string {
  return `gatehouse:email-change:${userId}:${email}`
}

function tokenSecret(options: InternalOptions): string {
  const secret = Array.isArray(options.secret) ? options.secret[0] : options.secret
  return `gatehouse-email-change:${secret}`
}

export async function issueEmailChangeToken(
  userId: string,
  email: string,
  options: InternalOptions,
): Promise<{ token: string; code: string; expires: Date }> {
  const secret = tokenSecret(options)
  const token = addressToken(email)
  const code = await deriveSignInCode(token, secret)
  const { expires } = await storeVerification(options.adapter as Required<Adapter>, {
    identifier: identifierFor(userId, email),
    token,
    code,
    expires: new Date(Date.now() + maxAge * 1000),
    secret,
  })
  return { token, code: formatSignInCode(code), expires }
}

/** Spends the mail's link for this user: the new address it proves, or undefined. */
export async function spendEmailChangeLink(userId: string, token: string, options: InternalOptions): Promise<string | undefined> {
  const email = addressOfToken(token)
  if (!email) return undefined
  const spent = await consumeLatestMailLink(options.adapter as Required<Adapter>, identifierFor(userId, email), token, tokenSecret(options))
  return spent ? email : undefined
}

/** Spends a code the user typed for `email`: whether it was the latest mail's, unused and unexpired. */
export async function spendEmailChangeCode(userId: string, email: string, code: string, options: InternalOptions): Promise<boolean> {
  return consumeCode(options.adapter as Required<Adapter>, identifierFor(userId, email), code, tokenSecret(options), codeLimits)
}
