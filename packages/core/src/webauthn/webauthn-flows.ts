/**
 * Everything the WebAuthn routes run, reached only through the provider's `loadFlows` (set by
 * `WebAuthn()` and `Passkey()`): an app without passkeys bundles none of it (esbuild inlines
 * dynamic imports, so only an import nothing else reaches keeps code out of a Workers bundle).
 */

import { webauthnCallback } from "./webauthn-callback.js"
import type { WebAuthnFlows, InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import { currentUser } from "../login/current-user.js"
import { reissuedIfChanged } from "../session-cookie/reissued-session-cookie.js"
import type { ResponseInternal } from "../types.js"
import { authenticationOptions, namesCredentials, registrationOptions } from "./ceremony-options.js"
import { type Ceremony, decideCeremony } from "./decide-ceremony.js"
import { webauthnOptionsOf } from "../login/provider-flows.js"

export type { WebAuthnFlows }

export const webauthnFlows: WebAuthnFlows = { options: webauthnOptions, callback: webauthnCallback }

function badRequest(error: string): ResponseInternal {
  return { status: 400, headers: { "Content-Type": "application/json" }, body: { error } }
}

/**
 * GET /webauthn-options/<id>?action=register|authenticate&email=…: registration or
 * authentication options for a passkey ceremony, with its challenge in a short-lived cookie.
 * Which ceremony follows Auth.js's decision table (see decideCeremony).
 */
export async function webauthnOptions(request: RequestInternal, internal: InternalOptions): Promise<ResponseInternal> {
  const options = webauthnOptionsOf(internal)
  const action = request.query.action
  if (action !== undefined && action !== "register" && action !== "authenticate") return badRequest("Invalid action")

  const { user: signedIn, jwtSession } = await currentUser(request.cookies, internal)
  // Sign-in options name no user by default (see authenticationOptions), so an explicit sign-in does
  // not look the typed address up at all: neither the answer nor its timing can depend on it.
  const userInfo =
    signedIn || (action === "authenticate" && !namesCredentials(options.provider))
      ? { user: signedIn ?? undefined, exists: !!signedIn }
      : await options.provider.getUserInfo(options, request)
  const ceremony = decideCeremony(action as Ceremony | undefined, !!signedIn, userInfo)
  const user = userInfo?.user

  let response: ResponseInternal
  if (ceremony === "authenticate") response = await authenticationOptions(request, options, user?.id)
  else if (ceremony === "register" && user && typeof user.email === "string") response = await registrationOptions(request, options, user)
  else response = badRequest("Invalid request")
  // The session was read through the app's jwt callback: what it changed is stored, as GET /session would.
  const reissued = jwtSession ? await reissuedIfChanged(jwtSession, request.cookies, internal) : []
  return reissued.length ? { ...response, cookies: [...(response.cookies ?? []), ...reissued] } : response
}
