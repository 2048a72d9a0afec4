/**
 * `@gatehouse/core/integration`: what the framework integrations (`@gatehouse/next`, `/sveltekit`,
 * `/qwik`) share, kept here once. Internal: not part of the public API, and it may change in any release.
 */
export { findProvider } from "./integration/find-provider.js"
export { signInRoute } from "./integration/sign-in-route.js"
export { forwardedHeaders, forwardedOrigin } from "./integration/forwarded-headers.js"
export { sessionFromBody, sessionFromResponse } from "./integration/read-session.js"
export { cookieFromSetCookie, parseSetCookie, type ParsedSetCookie, type SetCookieOptions } from "./integration/parse-set-cookie.js"
export { logPrefix, reportError } from "./config/logger.js"
export { markPrivate, privateHeaderValue } from "./integration/private-cache-headers.js"
export { isCrossSitePost } from "./csrf/is-cross-site-post.js"
export { minimumSecretLength, warnIfSecretIsShort } from "./integration/warn-if-secret-is-short.js"
export { accessTokenForServer } from "./access-token/get-access-token.js"
