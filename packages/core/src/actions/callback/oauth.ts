import type { InternalOptions } from "../../providers/types.js"
import type { RequestInternal } from "../../http/request-internal.js"
import { finishSignIn } from "../../login/finish-sign-in.js"
import { handleLogin, landingUrl } from "../../login/handle-login.js"
import { runSignInCallback } from "../../login/run-sign-in-callback.js"
import { handleOAuthCallback } from "../../oauth/callback.js"
import type { ResponseInternal } from "../../types.js"
import { refusedLinkLanding } from "../../account/refused-link-landing.js"
import { refuseUnlessReauthenticated } from "../../step-up/provider-reauthenticated.js"
import type { Profile, User } from "../../shared-types.js"

/** GET (or form_post POST) /callback/<oauth id>: finish the authorization code flow. */
export async function oauthCallback(request: RequestInternal, options: InternalOptions<"oauth" | "oidc">): Promise<ResponseInternal> {
  const params = request.method === "POST" ? ((request.body as Record<string, string>) ?? {}) : request.query
  const result = await handleOAuthCallback(params, request.cookies, options)
  if ("proxyRedirect" in result) return { redirect: result.proxyRedirect }
  const { user: profileUser, account, profile, cookies: checkCookies } = result
  await refuseUnlessReauthenticated(request.cookies, account, options)

  const known = options.adapter
    ? await options.adapter.getUserByAccount({ provider: account.provider, providerAccountId: account.providerAccountId })
    : null
  const redirect = await runSignInCallback({ user: known ?? profileUser, account, profile }, options)
  if (redirect) return { redirect, cookies: checkCookies }

  let login: Awaited<ReturnType<typeof handleLogin>>
  try {
    login = await handleLogin(request.cookies, profileUser, account, options, providerVouchesForEmail(profile, profileUser))
  } catch (error) {
    // A link from the account page that the account's owner refuses goes back there (logged as any refusal).
    const back = refusedLinkLanding(error, options)
    if (!back) throw error
    options.logger.error(error as Error)
    return { redirect: back, cookies: checkCookies }
  }
  return finishSignIn(request, { ...login, profile, redirectTo: landingUrl(login.isNewUser, options), cookies: checkCookies }, options)
}

/**
 * Whether the provider vouched that the user's e-mail address belongs to the person signing in:
 * OpenID Connect's `email_verified` claim (true, or the string "true" some providers send) for
 * that very address. Only then is a user created by this sign-in stored as verified; any other
 * user is one an e-mail sign-in by the address's owner replaces rather than joins.
 */
export function providerVouchesForEmail(profile: Profile, user: User): boolean {
  const claim = (profile as { email_verified?: unknown }).email_verified
  if (claim !== true && claim !== "true") return false
  return typeof profile.email === "string" && typeof user.email === "string" && profile.email.toLowerCase() === user.email.toLowerCase()
}
