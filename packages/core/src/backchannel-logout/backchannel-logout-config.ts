import type { InternalOptions } from "../config/internal-options.js"
import { AuthError } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { ResponseInternal } from "../types.js"

/**
 * Where `BackchannelLogout()` keeps the route's code: apps without `backchannelLogout` never load it,
 * nor the JWS verification and remote key sets of jose it needs.
 */
export const backchannelLogoutKey: unique symbol = Symbol.for("gatehouse.backchannel-logout")

/** The back-channel logout route, as `BackchannelLogout()` brings it. */
export interface BackchannelLogoutModule {
  action: (request: RequestInternal, options: InternalOptions<"oauth">) => Promise<ResponseInternal>
}

/** The `backchannelLogout` option (docs/federated-sign-out.md): made by `BackchannelLogout()` from `@gatehouse/core/backchannel-logout`. */
export interface BackchannelLogoutConfig {
  readonly [backchannelLogoutKey]: BackchannelLogoutModule
}

/** The `backchannelLogout` option resolved: the route's entry. */
export interface BackchannelLogoutOptions {
  action: BackchannelLogoutModule["action"]
}

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
