/**
 * `@gatehouse/core/integration`: what the framework integrations (`@gatehouse/next`, `/sveltekit`,
 * `/qwik`) share, kept here once, beside the server operations of `@gatehouse/core/server`. Internal: not
 * part of the public API, and it may change in any release.
 */
export { findProvider } from "./integration/find-provider.js"
export { forwardedHeaders, forwardedOrigin } from "./http/forwarded-headers.js"
export { parseSetCookie, type ParsedSetCookie, type SetCookieOptions } from "./integration/parse-set-cookie.js"
export { logPrefix, reportError } from "./config/logger.js"
export { markPrivate, privateHeaderValue } from "./integration/private-cache-headers.js"
// jose's JWT encryption as core bundles it (without JWE compression, which the Edge runtime lacks): the
// next-auth 4 token format in `@gatehouse/next/v4/jwt` uses these rather than a second copy of jose.
export { jwtDecrypt } from "jose/jwt/decrypt"
export { EncryptJWT } from "jose/jwt/encrypt"
