import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import { appPageUrl } from "../http/callback-url.js"
import { addressOfToken } from "../passwords/password-tokens.js"
import { accountPage } from "./account-page.js"
import type { Answering } from "../second-factor/second-factor-answer.js"
import type { ResponseInternal } from "../types.js"
import { accountAnswer, accountPageUrl } from "./account-answer.js"
import { hasPasskeyProvider } from "./sign-in-methods.js"
import { accountUser, readAccount } from "./read-account.js"

/**
 * GET {basePath}/account: with `Accept: application/json`, the signed-in user's account
 * (account-summary.ts) or 401; otherwise the app's `pages.account`, else the built-in page.
 * Signed out, a page goes to the sign-in page and comes back here afterwards.
 */
export async function showAccount(request: RequestInternal, answering: Answering, options: InternalOptions): Promise<ResponseInternal> {
  const custom = options.pages.account
  if (custom && !answering.json) return { redirect: appPageUrl(custom, request.query, options) }
  const summary = await readAccount(request, options)
  if (!summary) {
    if (answering.json) return accountAnswer(answering, options, { status: 401, error: "not-signed-in" })
    return { redirect: signInPageUrl(options, accountPageUrl(options)) }
  }
  if (answering.json) return accountAnswer(answering, options, { body: summary as unknown as Record<string, unknown> })
  const oauth = options.providers.filter((provider) => provider.type === "oauth" || provider.type === "oidc")
  return accountPage(options, {
    step: "manage",
    summary,
    providerNames: Object.fromEntries(options.providers.map((provider) => [provider.id, provider.name])),
    linkable: oauth.map((provider) => ({ id: provider.id, name: provider.name })),
    passkeys: hasPasskeyProvider(options),
    error: request.query.error,
    done: request.query.done,
  })
}

/**
 * GET {basePath}/account/email/confirm?token=…, the link in the e-mail-change mail: a page whose
 * button posts the token back (opening a link changes nothing: mail scanners open links too).
 * Signed out: the sign-in page, back here afterwards (the mail proves the address for its user only).
 */
export async function showEmailConfirmation(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  const token = request.query.token
  const email = addressOfToken(token)
  if (!token || !email) return { redirect: `${accountPageUrl(options)}?error=invalid-code` }
  if (!(await accountUser(request, options))) return { redirect: signInPageUrl(options, request.url.href) }
  return accountPage(options, { step: "confirm-email", token, email })
}

function signInPageUrl(options: InternalOptions, callbackUrl: string): string {
  const signin = new URL(`${options.url.href.replace(/\/$/, "")}/signin`)
  signin.searchParams.set("callbackUrl", callbackUrl)
  return signin.href
}
