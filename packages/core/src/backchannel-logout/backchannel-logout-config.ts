import type { AuthError } from "../errors.js"
import type { BackchannelLogoutConfig, BackchannelLogoutModule, BackchannelLogoutOptions } from "../providers/types.js"
import { carriedCode, type OptInOption } from "../config/opt-in-option.js"
import { backchannelLogoutKey } from "../auth-options.js"

// The option's types are defined with InternalOptions (providers/types.ts): the route is handed the
// options back, one recursive shape. Apps without `backchannelLogout` never load the route, nor the
// JWS verification and remote key sets of jose it needs.
export type { BackchannelLogoutConfig, BackchannelLogoutModule, BackchannelLogoutOptions } from "../providers/types.js"
export { backchannelLogoutKey }

/** The `backchannelLogout` option: its route comes with it. */
export const backchannelLogoutOption: OptInOption = { name: "backchannelLogout", factory: "BackchannelLogout", entry: "backchannel-logout" }

/** The `backchannelLogout` option checked when the config is read. */
export function resolveBackchannelLogout(config: BackchannelLogoutConfig | undefined): {
  options?: BackchannelLogoutOptions
  error?: AuthError
} {
  const { module, error } = carriedCode<BackchannelLogoutModule>(
    config,
    backchannelLogoutKey,
    ["action", "singleUseLedger"],
    backchannelLogoutOption,
  )
  return module ? { options: { action: module.action, singleUseLedger: module.singleUseLedger } } : { error }
}
