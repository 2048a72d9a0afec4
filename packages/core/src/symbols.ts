/** Marks a config for framework authors: `Auth` returns the internal response instead of a `Response`. */
export const raw = Symbol("raw")
/** Marks a config for framework authors whose framework already checks the origin of form posts. */
export const skipCSRFCheck = Symbol("skip-csrf-check")
/** Provider option key: the fetch used for the provider's OAuth endpoints. */
export const customFetch = Symbol("custom-fetch")
/** Where SecondFactor() puts the libraries: a registered symbol, so every copy of core agrees on it. */
export const totpLibraryKey: unique symbol = Symbol.for("gatehouse.second-factor.totp")
/** Where `Account()` keeps the endpoints' code and their config check: apps without `account` never load either. */
export const accountKey: unique symbol = Symbol.for("gatehouse.account")

/** Where `BackchannelLogout()` keeps the route's code: apps without `backchannelLogout` never load it. */
export const backchannelLogoutKey: unique symbol = Symbol.for("gatehouse.backchannel-logout")
