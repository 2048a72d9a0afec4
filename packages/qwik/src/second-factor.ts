/**
 * `@gatehouse/qwik/second-factor`: `SecondFactor()` (TOTP and backup codes after every sign-in) for
 * the `secondFactor` option, re-exported from `@gatehouse/core/second-factor`. Its own entry point, as
 * in core: apps without a second factor never load or bundle the TOTP and QR-code libraries.
 * See docs/second-factor.md.
 */
export * from "@gatehouse/core/second-factor"
