import type { Adapter } from "../adapters.js"
import type { AuthError } from "../errors.js"
import type { AccountConfig, AccountModule, AccountOptions } from "../providers/types.js"
import { carriedCode, type OptInOption } from "../config/opt-in-option.js"
import { accountKey } from "../auth-options.js"

// The option's types are defined with InternalOptions (providers/types.ts): the module's entry is
// handed the options back, one recursive shape.
export type { AccountConfig, AccountModule, AccountOptions } from "../providers/types.js"
export { accountKey }

/** The `account` option: the account endpoints come with it. */
export const accountOption: OptInOption = { name: "account", factory: "Account", entry: "account" }

/** The `account` option checked when the config is read (the adapter's methods by Account()'s own check). */
export function resolveAccount(
  config: AccountConfig | undefined,
  adapter: Adapter | undefined,
  providers: readonly { type: string }[],
): { options?: AccountOptions; error?: AuthError } {
  const carried = carriedCode<AccountModule>(config, accountKey, ["action", "read", "check"], accountOption)
  const module = carried.module
  if (!module) return { error: carried.error }
  const error = module.check(adapter, providers)
  return error ? { error } : { options: { action: module.action, read: module.read } }
}
