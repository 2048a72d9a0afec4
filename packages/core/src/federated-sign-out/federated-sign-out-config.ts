import { AuthError, InvalidEndpoints, MissingOption } from "../errors.js"
import type { FederatedSignOutConfig, FederatedSignOutOptions, InternalProvider } from "../providers/types.js"
import { federatedSignOutKey } from "../auth-options.js"

// The option's types are defined with InternalOptions (providers/types.ts): its code is handed the
// options back, one recursive shape. Apps without `federatedSignOut` never load the redirect to the
// end-session endpoint, its state cookie, the landing, nor the marks that remember the provider.
export type { EndedLocalSession, FederatedSignOutConfig, FederatedSignOutModule, FederatedSignOutOptions } from "../providers/types.js"
export { federatedSignOutKey }

/** What turns federated sign-out on, for the errors of a config (or a sign-out) that asks for it without. */
export const federatedSignOutAdvice =
  'add `federatedSignOut: FederatedSignOut()` to the config, with `import { FederatedSignOut } from "@gatehouse/core/federated-sign-out"` (docs/federated-sign-out.md)'

/** The `federatedSignOut` option checked when the config is read. */
export function resolveFederatedSignOut(config: FederatedSignOutConfig | undefined): {
  options?: FederatedSignOutOptions
  error?: AuthError
} {
  if (config === undefined) return {}
  const module = config !== null && typeof config === "object" ? config[federatedSignOutKey] : undefined
  if (typeof module?.signOut !== "function") {
    return { error: new AuthError(`federatedSignOut must be made by FederatedSignOut(): ${federatedSignOutAdvice}`) }
  }
  return { options: module }
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
