/**
 * How long a back-channel logout token is good for, and how long its `jti` is remembered. Apart from
 * logout-token.ts (jose's JWS verification and remote key sets), so that the config's ledger of
 * used tokens and the search for the sessions a token names can use them in apps without
 * back-channel logout; apart from end-session.ts too, which only `FederatedSignOut()` brings.
 */
import type { SingleUseKind } from "../single-use/single-use-ledger.js"

/** A logout token is sent the moment the user signs out at the provider: older ones are refused. */
export const logoutTokenMaxAgeSeconds = 300
/** Clock difference allowed between the provider and this server, either way. */
export const clockToleranceSeconds = 60

/**
 * A jti is remembered as long as a token carrying it could still pass the iat check (the maximum
 * age, plus the tolerance on either side), and a minute more: a replay after that is refused by
 * its age, so forgetting the jti opens nothing.
 */
export const logoutTokenKind: SingleUseKind = {
  name: "logout-token",
  lifetimeMs: (logoutTokenMaxAgeSeconds + 2 * clockToleranceSeconds + 60) * 1000,
}
