import type { InternalOptions } from "../config/internal-options.js"
import type { RequestInternal } from "../http/request-internal.js"
import { appPageUrl } from "../http/app-page-url.js"
import type { Answering } from "../second-factor/second-factor-answer.js"
import type { ResponseInternal } from "../types.js"
import { accountAnswer } from "./account-answer.js"
import { accountPageUrl } from "./account-page-url.js"
import { accountSummary } from "./account-summary.js"
import { accountUser } from "./account-user.js"
import { signInMethods } from "./sign-in-methods.js"

/**
 * GET {basePath}/account: with `Accept: application/json`, the signed-in user's account
 * (account-summary.ts) or 401; otherwise the app's `pages.account`, else the built-in page.
 */
export async function showAccount(request: RequestInternal, answering: Answering, options: InternalOptions): Promise<ResponseInternal> {
  const custom = options.pages.account
  if (custom && !answering.json) return { redirect: appPageUrl(custom, request.query, options) }
  const user = await accountUser(request, options)
  if (!user) {
    if (answering.json) return accountAnswer(answering, options, { status: 401, error: "not-signed-in" })
    const signin = new URL(`${options.url.href.replace(/\/$/, "")}/signin`)
    signin.searchParams.set("callbackUrl", accountPageUrl(options))
    return { redirect: signin.href }
  }
  const summary = await accountSummary(user, await signInMethods(user, options), options)
  return accountAnswer({ json: true }, options, { body: summary as unknown as Record<string, unknown> })
}
