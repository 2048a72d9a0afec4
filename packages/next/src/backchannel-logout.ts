/**
 * `@gatehouse/next/backchannel-logout`: `BackchannelLogout()` for the `backchannelLogout` option (a sign-out at
 * the identity provider ends the sessions begun with it: OpenID Connect Back-Channel Logout),
 * re-exported from `@gatehouse/core/backchannel-logout`. Its own entry point, as in core: apps without
 * it never load or bundle the route and jose's JWS verification. See docs/federated-sign-out.md.
 */
export * from "@gatehouse/core/backchannel-logout"
