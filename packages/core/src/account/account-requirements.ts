import type { Adapter } from "../adapters.js"
import { missingAdapterMethods } from "../config/adapter-methods.js"
import { type AuthError, MissingAdapter } from "../errors.js"

/**
 * What the account endpoints need of the adapter, beyond what sign-in needs; with a passkey
 * provider, listing and removing the user's passkeys too.
 */
export function accountMethods(providers: readonly { type: string }[]): string[] {
  const methods = ["getUser", "listAccountsByUserId", "unlinkAccount", "updateUser", "deleteUser"]
  if (providers.some((provider) => provider.type === "webauthn"))
    methods.push("listAuthenticatorsByUserId", "deleteAuthenticator", "renameAuthenticator")
  return methods
}

/**
 * The configuration error for an adapter the account endpoints cannot work with (none, or an
 * Auth.js adapter without `listAccountsByUserId`): said when the config is read, naming what is
 * missing, never a half-done change later.
 */
export function accountRequirementsError(adapter: Adapter | undefined, providers: readonly { type: string }[]): AuthError | undefined {
  if (!adapter) return new MissingAdapter("account needs an adapter: the account endpoints manage the adapter's users")
  const missing = missingAdapterMethods(adapter, accountMethods(providers))
  if (missing) missing.message = `account needs these adapter methods (docs/account.md). ${missing.message}`
  return missing
}
