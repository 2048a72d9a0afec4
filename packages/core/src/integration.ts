/**
 * `@gatehouse/core/integration`: what the framework integrations (`@gatehouse/next`, `/sveltekit`,
 * `/qwik`) share, kept here once, beside the server operations of `@gatehouse/core/server`. Internal: not
 * part of the public API, and it may change in any release.
 */
export { findProvider } from "./integration/find-provider.js"
export { forwardedHeaders, forwardedOrigin } from "./integration/forwarded-headers.js"
export { parseSetCookie, type ParsedSetCookie, type SetCookieOptions } from "./integration/parse-set-cookie.js"
export { logPrefix, reportError } from "./config/logger.js"
export { markPrivate, privateHeaderValue } from "./integration/private-cache-headers.js"
