import type { Adapter } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { AuthError } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { ResponseInternal } from "../types.js"
import type { AccountSummary } from "./account-summary.js"

/** Where `Account()` keeps the endpoints' code and their config check: apps without `account` never load either. */
export const accountKey: unique symbol = Symbol.for("gatehouse.account")

/** The account endpoints' code, as `Account()` brings it. */
export interface AccountModule {
  action: (request: RequestInternal, options: InternalOptions) => Promise<ResponseInternal>
  /** The signed-in user's account, as GET {basePath}/account's JSON (for `getAccount` of `@gatehouse/core/server`). */
  read: (request: { cookies: Record<string, string> }, options: InternalOptions) => Promise<AccountSummary | null>
  /** The configuration error for an adapter that lacks what the endpoints need, or undefined. */
  check: (adapter: Adapter | undefined, providers: readonly { type: string }[]) => AuthError | undefined
}

/** The `account` option (docs/account.md): made by `Account()` from `@gatehouse/core/account`. */
export interface AccountConfig {
  readonly [accountKey]: AccountModule
}

/** The `account` option resolved: the endpoints' entry. */
export interface AccountOptions {
  action: AccountModule["action"]
  read: AccountModule["read"]
}

/** The `account` option checked when the config is read (the adapter's methods by Account()'s own check). */
export function resolveAccount(
  config: AccountConfig | undefined,
  adapter: Adapter | undefined,
  providers: readonly { type: string }[],
): { options?: AccountOptions; error?: AuthError } {
  if (config === undefined) return {}
  const module = config !== null && typeof config === "object" ? config[accountKey] : undefined
  if (typeof module?.action !== "function" || typeof module.read !== "function") {
    return { error: new AuthError('account must be made by Account() from "@gatehouse/core/account"') }
  }
  const error = module.check(adapter, providers)
  return error ? { error } : { options: { action: module.action, read: module.read } }
}
