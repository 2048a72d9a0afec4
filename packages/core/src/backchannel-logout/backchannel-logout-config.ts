import { AuthError } from "../errors.js"
import type { BackchannelLogoutConfig, BackchannelLogoutOptions } from "../providers/types.js"
import { backchannelLogoutKey } from "../auth-options.js"

// The option's types are defined with InternalOptions (providers/types.ts): the route is handed the
// options back, one recursive shape. Apps without `backchannelLogout` never load the route, nor the
// JWS verification and remote key sets of jose it needs.
export type { BackchannelLogoutConfig, BackchannelLogoutModule, BackchannelLogoutOptions } from "../providers/types.js"
export { backchannelLogoutKey }

/** The `backchannelLogout` option checked when the config is read. */
export function resolveBackchannelLogout(config: BackchannelLogoutConfig | undefined): {
  options?: BackchannelLogoutOptions
  error?: AuthError
} {
  if (config === undefined) return {}
  const module = config !== null && typeof config === "object" ? config[backchannelLogoutKey] : undefined
  if (typeof module?.action !== "function") {
    return { error: new AuthError('backchannelLogout must be made by BackchannelLogout() from "@gatehouse/core/backchannel-logout"') }
  }
  return { options: { action: module.action } }
}
