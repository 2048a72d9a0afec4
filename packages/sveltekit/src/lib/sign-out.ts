import { redirect, type RequestEvent } from "@sveltejs/kit"
import { signOut, targetOrFailure } from "@gatehouse/core/server"
import type { AuthConfig } from "@gatehouse/core/types"
import { applyAuthCookies } from "./apply-auth-cookies.js"
import { serverInput } from "./server-input.js"

/**
 * Options of the server-side `signOut`: where to land, whether to redirect, and whether to sign out at
 * the identity provider too.
 */
export interface SignOutOptions {
  /** Where to land after signing out; default: the page the request came from, else "/". */
  redirectTo?: string
  /**
   * Also end the session at the identity provider it was signed in with (OpenID Connect
   * RP-Initiated Logout): the redirect goes to the provider, which sends the browser back to
   * `redirectTo`. `false` turns off a provider's `federatedSignOut: true` for this sign-out.
   */
  federated?: boolean
}

/**
 * Ends the session on the server through core's `signOut` (JWT cookie cleared, or the database
 * session deleted), then redirects (303): to `redirectTo`, or with `federated` to the provider's
 * end-session endpoint first.
 */
export async function signOutOnServer(event: RequestEvent, options: SignOutOptions, config: AuthConfig): Promise<never> {
  const input = serverInput(event, config)
  const target = await targetOrFailure(input, async () => {
    const { value, cookies } = await signOut({
      ...input,
      redirectTo: options.redirectTo ?? event.request.headers.get("referer") ?? "/",
      federated: options.federated,
    })
    applyAuthCookies(event, cookies)
    return value.redirect
  })
  redirect(303, target)
}
