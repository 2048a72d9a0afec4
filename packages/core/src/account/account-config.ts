import type { Adapter } from "../adapters.js"
import { AuthError } from "../errors.js"
import type { AccountConfig, AccountOptions } from "../providers/types.js"
import { accountKey } from "../auth-options.js"

// The option's types are defined with InternalOptions (providers/types.ts): the module's entry is
// handed the options back, one recursive shape.
export type { AccountConfig, AccountModule, AccountOptions } from "../providers/types.js"
export { accountKey }

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
