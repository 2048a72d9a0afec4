/**
 * `@gatehouse/core/federated-sign-out`: sign-out may end the session at the identity provider too
 * (OpenID Connect RP-Initiated Logout 1.0), for the providers whose `federatedSignOut` flag says so
 * (docs/federated-sign-out.md). Its own entry point, so that apps without it bundle none of it: the
 * redirect to the end-session endpoint, its state cookie, the landing the provider sends the browser
 * back to, and the marks that remember which provider a session was signed in with.
 *
 * ```ts
 * import { FederatedSignOut } from "@gatehouse/core/federated-sign-out"
 * export const config = { providers: [Keycloak({ federatedSignOut: "on-request" })], federatedSignOut: FederatedSignOut() }
 * ```
 */
import { federatedSignOut, federatedSignOutLanding } from "../actions/federated-sign-out.js"
import { assertEndSessionEndpoint } from "../oauth/end-session.js"
import { identityProviderCookie, withIdentityProvider } from "../session-cookie/identity-provider-cookie.js"
import { type FederatedSignOutConfig, federatedSignOutKey } from "./federated-sign-out-config.js"

export type { FederatedSignOutConfig } from "./federated-sign-out-config.js"

/** The `federatedSignOut` option: sign-outs of sessions begun with a provider that has `federatedSignOut` end there too. */
export function FederatedSignOut(): FederatedSignOutConfig {
  return {
    [federatedSignOutKey]: {
      assertProvider: assertEndSessionEndpoint,
      markToken: withIdentityProvider,
      sessionCookie: identityProviderCookie,
      signOut: federatedSignOut,
      landing: federatedSignOutLanding,
    },
  }
}
