/**
 * `@gatehouse/next/token-refresh`: `TokenRefresh()` for the `tokenRefresh` option (the access
 * tokens of the providers with `tokenRefresh: true` refreshed by `getAccessToken`, race-safe),
 * re-exported from `@gatehouse/core/token-refresh`. Its own entry point, as in core: apps that never
 * refresh never load or bundle the refresh code. See docs/access-tokens.md.
 */
export * from "@gatehouse/core/token-refresh"
