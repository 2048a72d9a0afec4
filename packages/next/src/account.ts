/**
 * @gatehouse/next/account — `Account()` for the `account` option (the signed-in user's linked sign-ins,
 * passkeys, address change and deletion under basePath) and the `AccountSummary` type of
 * `GET {basePath}/account`, re-exported from `@gatehouse/core/account`. Its own entry point, as in core:
 * apps without it never load or bundle the account pages and their strings. See docs/account.md.
 */
export * from "@gatehouse/core/account"
