import { loadSignout } from "../handler/action-loaders.js"
import type { ServerInput, ServerResult } from "./server-input.js"
import { serverOptions, serverRequest } from "./server-request.js"

export interface SignOutInput extends ServerInput {
  /** Where to go afterwards (checked by the `redirect` callback). Default: the app's origin. */
  redirectTo?: string
  /** Also end the session at the provider it was signed in with (its end-session endpoint). */
  federated?: boolean
}

/**
 * Signs the user out as `POST {basePath}/signout` does (the same action): the session's row is
 * deleted, `events.signOut` fires, and `cookies` clear every session cookie chunk. The value is where
 * to send the browser: `redirectTo` as checked, or the provider's end-session endpoint when federated.
 * Call it only for a request the framework or `crossSiteCall` vouched for: no CSRF token is asked.
 */
export async function signOut(input: SignOutInput): Promise<ServerResult<{ redirect: string }>> {
  const body: Record<string, string> = {}
  if (input.redirectTo !== undefined) body.callbackUrl = input.redirectTo
  if (input.federated !== undefined) body.federated = String(input.federated)
  const request = serverRequest(input, { action: "signout", method: "POST", body })
  const { options, cookies } = await serverOptions(request)
  // On Node the action loads at the first sign-out (a federated one's code comes with FederatedSignOut()).
  const signout = await loadSignout()
  const answer = await signout(request.internal, options)
  return { value: { redirect: answer.redirect ?? options.callbackUrl }, cookies: [...cookies, ...(answer.cookies ?? [])] }
}
