/**
 * `@gatehouse/qwik/federated-sign-out`: `FederatedSignOut()` for the `federatedSignOut` option (sign-out
 * may end the session at the identity provider too: OpenID Connect RP-Initiated Logout, for the
 * providers with `federatedSignOut`), re-exported from `@gatehouse/core/federated-sign-out`. Its own
 * entry point, as in core: apps without it never load or bundle that code. See docs/federated-sign-out.md.
 */
export * from "@gatehouse/core/federated-sign-out"
