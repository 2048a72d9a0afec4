import type { InternalOptions } from "../providers/types.js"
import { randomHex } from "../crypto/random-pool.js"
import { AuthError, EmailSignInError } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { runSignInCallback } from "../login/run-sign-in-callback.js"
import type { ResponseInternal } from "../types.js"
import { addressUser } from "./sign-in-verified-email.js"
import { emailFlowOptions, verificationSecret } from "./email-provider-options.js"
import { appPageUrl } from "../http/callback-url.js"
import { readEmailIdentifier } from "../http/email-address.js"
import { deriveSignInCode, formatSignInCode } from "./sign-in-code.js"
import { discardVerification, storeVerification } from "./store-verification.js"

/**
 * POST /signin/<email id>: mail a magic link (and a one-time code). The address is normalized,
 * then validated; the app's signIn callback sees `email.verificationRequest: true`; the token is
 * stored hashed (Auth.js's format, see verification-records.ts) and the mail sent. If the address
 * is refused or the mail cannot be sent, the user is sent back to the sign-in page with
 * `error=EmailSignin` and no token stays usable. Otherwise: 302 to the verify-request page.
 */
export async function sendVerificationRequest(request: RequestInternal, options: InternalOptions<"email">): Promise<ResponseInternal> {
  const { provider, callbackUrl, theme } = options
  const adapter = options.adapter!
  const flow = emailFlowOptions(provider)

  const address = readEmailIdentifier(request.body?.email, provider)
  if (address.problem !== undefined) return emailSigninFailed(options, `E-mail sign-in refused: ${address.problem}`)
  const identifier = address.identifier

  const { user, account } = await addressUser(identifier, options)
  const redirect = await runSignInCallback({ user, account, email: { verificationRequest: true } }, options)
  if (redirect) return { redirect }

  const token = (await provider.generateVerificationToken?.()) ?? randomHex(32)
  if (typeof token !== "string" || token.length === 0) {
    throw new AuthError(`generateVerificationToken of provider "${provider.id}" must return a non-empty string`)
  }
  const expires = new Date(Date.now() + flow.maxAge * 1000)
  const secret = verificationSecret(options)
  const code = flow.signInCode ? await deriveSignInCode(token, secret) : undefined
  const url = `${provider.callbackUrl}?${new URLSearchParams({ callbackUrl, token, email: identifier })}`

  const stored = await storeVerification(adapter, { identifier, token, code, expires, secret })
  try {
    await provider.sendVerificationRequest({
      identifier,
      token,
      expires: stored.expires,
      url,
      provider,
      code: code && formatSignInCode(code),
      theme,
      locale: options.locale.lang,
      request: senderRequest(request),
    })
  } catch (error) {
    await discardVerification(adapter, stored.keys).catch((cleanupError) => options.logger.error(cleanupError as Error))
    return emailSigninFailed(options, `The sign-in e-mail could not be sent: ${(error as Error)?.message ?? String(error)}`, error)
  }

  return { redirect: `${options.url.href}/verify-request?${new URLSearchParams({ provider: provider.id, type: provider.type })}` }
}

/** The `request` Auth.js hands to senders: the sign-in URL and headers, with the form as JSON. */
function senderRequest(request: RequestInternal): Request {
  const headers = new Headers(request.headers)
  headers.delete("content-length")
  headers.set("content-type", "application/json")
  return new Request(request.url, { method: "POST", headers, body: JSON.stringify(request.body ?? {}) })
}

/**
 * A sign-in mail that was refused (bad address) or could not be sent: logged with its reason, and
 * the user goes back to the sign-in page with `error=EmailSignin` (Auth.js's name for "the e-mail
 * could not be sent"). Never a 500, and the reason (which may quote the address) stays in the log.
 */
export function emailSigninFailed(options: InternalOptions<"email">, reason: string, cause?: unknown): ResponseInternal {
  const error = new EmailSignInError(reason, cause instanceof Error ? cause : undefined)
  options.logger.error(error)
  const params = { error: "EmailSignin" }
  const page = options.pages.signIn
  if (page) return { redirect: appPageUrl(page, params, options) }
  return { redirect: `${options.url.href}/signin?${new URLSearchParams(params)}` }
}
