import type { InternalOptions } from "../providers/types.js"
import { MissingCSRF, UnknownAction } from "../errors.js"
import { clearSessionCookie, noStoreHeaders } from "../http/session-chunks.js"
import type { RequestInternal } from "../http/request-internal.js"
import { type Answering, answeringOf } from "../second-factor/second-factor-answer.js"
import { refuseUnlessRecent } from "../step-up/refuse-unless-recent.js"
import type { ResponseInternal } from "../types.js"
import { type AccountResult, accountAnswer, accountPageUrl } from "./account-answer.js"
import { accountOperation } from "../http/account-path.js"
import { accountUser } from "./read-account.js"
import { changeEmail, confirmEmailChange } from "./change-email.js"
import { deleteAccount } from "./delete-account.js"
import { deletePasskey } from "./delete-passkey.js"
import { renamePasskey } from "./rename-passkey.js"
import { showAccount, showEmailConfirmation } from "./show-account.js"
import { unlinkAccount } from "./unlink-account.js"
import { signin } from "../actions/signin.js"

/** The operations that change how the user signs in, or who they are: each needs a recent sign-in (step-up/). */
const needRecentSignIn = new Set(["unlink", "passkey-delete", "email", "delete"])

/**
 * The account endpoints (account-path.ts), with `account: Account()` (whose config check made sure
 * the adapter has what they need: account-config.ts). GET shows the account; every POST needs the CSRF token
 * (a cross-site POST never has it: config/request-options.ts) and a signed-in adapter user, taken
 * from the session cookie only; the sensitive ones a recent sign-in too. Signed out: 401 (JSON) or
 * the sign-in page, back to the account page afterwards.
 */
export async function accountAction(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  const answering = answeringOf(request.headers)
  try {
    return neverStored(await answerAccount(request, answering, options))
  } catch (error) {
    // A page's form gets the error page (the handler's answer); a JSON call gets JSON, never a redirect.
    if (!answering.json) throw error
    options.logger.error(error as Error)
    return jsonError(error)
  }
}

/**
 * Every account answer depends on the session cookie, the redirects too (signed out to the sign-in
 * page, to the re-authentication): none may be kept by a cache, whichever part answered.
 */
function neverStored(response: ResponseInternal): ResponseInternal {
  if (response.headers?.["Cache-Control"]) return response
  return { ...response, headers: { ...response.headers, "Cache-Control": "private, no-store" } }
}

/** The JSON answer for a failed account call: a refused (403) or bad (400) request, or a server-side failure (500). */
function jsonError(error: unknown): ResponseInternal {
  const [status, message] =
    error instanceof MissingCSRF
      ? [403, "CSRF token missing or invalid"]
      : error instanceof UnknownAction
        ? [400, "Bad request"]
        : [500, "The account could not be read or changed"]
  return { status, headers: { ...noStoreHeaders }, body: { message } }
}

async function answerAccount(request: RequestInternal, answering: Answering, options: InternalOptions): Promise<ResponseInternal> {
  const operation = accountOperation(request.operation)
  if (!operation) throw new UnknownAction(`Unsupported action: ${request.method} ${request.operation}`)
  if (request.method === "GET") {
    if (operation === "show") return showAccount(request, answering, options)
    if (operation === "email-confirm") return showEmailConfirmation(request, options)
    throw new UnknownAction(`Unsupported action: GET account ${operation}`)
  }
  if (operation === "show") throw new UnknownAction("Unsupported action: POST account")
  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during an account request")
  const user = await accountUser(request, options)
  if (!user) return accountAnswer(answering, options, { status: 401, error: "not-signed-in" })
  if (needRecentSignIn.has(operation)) {
    const refused = await refuseUnlessRecent(request, options, { callbackUrl: accountPageUrl(options) })
    if (refused) return refused
  }
  let result: AccountResult | ResponseInternal
  switch (operation) {
    case "unlink":
      result = await unlinkAccount(request, user, options)
      break
    case "passkey-delete":
      result = await deletePasskey(request, user, options)
      break
    case "passkey-rename":
      result = await renamePasskey(request, user, options)
      break
    case "email":
      result = await changeEmail(request, user, options)
      break
    case "email-confirm":
      result = await confirmEmailChange(request, user, options)
      break
    case "link":
      result = await linkAccount(request, options)
      break
    case "delete": {
      await deleteAccount(user, options)
      const signedOut = clearSessionCookie(request.cookies, options.cookies.sessionToken)
      if (answering.json) return { ...accountAnswer(answering, options, { body: { deleted: true } }), cookies: signedOut }
      return { redirect: options.url.origin, headers: { "Cache-Control": "no-store" }, cookies: signedOut }
    }
    default:
      throw new UnknownAction(`Unsupported action: POST account ${operation}`)
  }
  return isResponse(result) ? result : accountAnswer(answering, options, result)
}

function isResponse(result: AccountResult | ResponseInternal): result is ResponseInternal {
  // An AccountResult never has either: only a finished answer (a sign-in's redirect, a step-up's 401) does.
  return "redirect" in result || "headers" in result
}

/**
 * POST {basePath}/account/link/<providerId>: starts that provider's OAuth/OIDC sign-in while signed
 * in, so the callback links the account to the signed-in user (login/handle-login.ts, which refuses
 * an account another user has: OAuthAccountNotLinked, both users unchanged) and lands back on the
 * account page. Only OAuth and OIDC providers link here; the caller has checked CSRF and the session.
 */
export async function linkAccount(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal | AccountResult> {
  const provider = options.provider
  if (!provider || (provider.type !== "oauth" && provider.type !== "oidc")) return { status: 400, error: "not-linkable" }
  const back = accountPageUrl(options)
  options.callbackUrl = back
  const started = await signin(request, options)
  return { ...started, cookies: [...(started.cookies ?? []), { ...options.cookies.callbackUrl, value: back }] }
}
