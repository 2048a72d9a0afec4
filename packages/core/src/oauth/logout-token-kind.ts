import type { SingleUseKind } from "../single-use/single-use-ledger.js"

// Apart from logout-token.ts (jose's JWS verification and remote key sets) so that the config's
// ledger and the session search can name them in apps without back-channel logout.

/** A logout token is sent the moment the user signs out at the provider: older ones are refused. */
export const logoutTokenMaxAgeSeconds = 300
/** Clock difference allowed between the provider and this server, either way. */
export const clockToleranceSeconds = 60

/** A jti is remembered as long as a token carrying it could still pass the iat check, and a little more. */
export const logoutTokenKind: SingleUseKind = {
  name: "logout-token",
  lifetimeMs: (logoutTokenMaxAgeSeconds + 2 * clockToleranceSeconds + 60) * 1000,
}
