import { type AuthError, InvalidEndpoints, MissingOption } from "../errors.js"
import { carriedCode, type OptInOption, optInAdvice } from "../config/opt-in-option.js"
import type { FederatedSignOutConfig, FederatedSignOutOptions, InternalProvider } from "../providers/types.js"
import { federatedSignOutKey } from "../auth-options.js"

// The option's types are defined with InternalOptions (providers/types.ts): its code is handed the
// options back, one recursive shape. Apps without `federatedSignOut` never load the redirect to the
// end-session endpoint, its state cookie, the landing, nor the marks that remember the provider.
export type { EndedLocalSession, FederatedSignOutConfig, FederatedSignOutModule, FederatedSignOutOptions } from "../providers/types.js"
export { federatedSignOutKey }

/** The `federatedSignOut` option: the end-session redirect, its landing and marks come with it. */
export const federatedSignOutOption: OptInOption = { name: "federatedSignOut", factory: "FederatedSignOut", entry: "federated-sign-out" }

/** What turns federated sign-out on, for the errors of a config (or a sign-out) that asks for it without. */
export const federatedSignOutAdvice = `${optInAdvice(federatedSignOutOption)} (docs/federated-sign-out.md)`

/** The `federatedSignOut` option checked when the config is read. */
export function resolveFederatedSignOut(config: FederatedSignOutConfig | undefined): {
  options?: FederatedSignOutOptions
  error?: AuthError
} {
  const { module, error } = carriedCode<FederatedSignOutOptions>(
    config,
    federatedSignOutKey,
    ["assertProvider", "markToken", "sessionCookie", "signOut", "landing"],
    federatedSignOutOption,
  )
  return module ? { options: module } : { error }
}

/**
 * An OAuth provider's end-session settings, at config assertion. A provider with the
 * `federatedSignOut` flag in a config without the option is refused: its sign-outs would
 * otherwise end only the local session, silently leaving the user signed in at the provider.
 */
export function assertFederatedSignOut(
  provider: Pick<InternalProvider<"oauth">, "id" | "issuer" | "federatedSignOut" | "endSessionEndpoint">,
  options: FederatedSignOutOptions | undefined,
): void {
  if (provider.endSessionEndpoint !== undefined && !URL.canParse(provider.endSessionEndpoint)) {
    throw new InvalidEndpoints(`Provider "${provider.id}" has an \`endSessionEndpoint\` that is not a URL`)
  }
  if (!provider.federatedSignOut) return
  if (!options) {
    throw new MissingOption(
      "federated-sign-out",
      `Provider "${provider.id}" has \`federatedSignOut\`, but the config does not turn federated sign-out on: ${federatedSignOutAdvice}`,
    )
  }
  options.assertProvider(provider as InternalProvider<"oauth">)
}
