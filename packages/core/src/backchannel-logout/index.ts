/**
 * `@gatehouse/core/backchannel-logout`: turns on `POST {basePath}/backchannel-logout/<provider>`
 * (OpenID Connect Back-Channel Logout 1.0) for the app's OAuth and OpenID Connect providers: a
 * sign-out at the identity provider ends the sessions begun with it (docs/federated-sign-out.md).
 * Its own entry point, so that apps without it bundle neither the route nor jose's JWS verification.
 *
 * ```ts
 * import { BackchannelLogout } from "@gatehouse/core/backchannel-logout"
 * export const config = { adapter, providers, backchannelLogout: BackchannelLogout() }
 * ```
 */
import { backchannelLogout } from "../actions/backchannel-logout.js"
import { singleUseLedger } from "../single-use/single-use-ledger.js"
import { type BackchannelLogoutConfig, backchannelLogoutKey } from "./backchannel-logout-config.js"

export type { BackchannelLogoutConfig } from "./backchannel-logout-config.js"

/** The `backchannelLogout` option: the identity providers' logout tokens end the sessions they name. */
export function BackchannelLogout(): BackchannelLogoutConfig {
  return { [backchannelLogoutKey]: { action: backchannelLogout, singleUseLedger } }
}
