/**
 * `@gatehouse/core/account`: turns on the signed-in user's account endpoints and page under
 * basePath (docs/account.md): linking and unlinking sign-in methods, passkeys, the address, deletion.
 *
 * ```ts
 * import { Account } from "@gatehouse/core/account"
 * export const config = { adapter, providers, account: Account() }
 * ```
 */
import { accountAction } from "./account-action.js"
import { type AccountConfig, accountKey } from "./account-config.js"
import { accountRequirementsError } from "./account-requirements.js"
import { readAccount } from "./read-account.js"

export type { AccountConfig } from "./account-config.js"
export type { AccountSummary } from "./account-summary.js"

/** The `account` option: the account endpoints and the built-in account page. */
export function Account(): AccountConfig {
  return { [accountKey]: { action: accountAction, read: readAccount, check: accountRequirementsError } }
}
