import type { Adapter } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { originalAdapter } from "../config/wrap-adapter.js"
import { MissingAdapterMethods } from "../errors.js"

/** What every account endpoint needs of the adapter, beyond what sign-in needs. */
export const accountMethods = ["getUser", "listAccountsByUserId", "unlinkAccount", "updateUser", "deleteUser"] as const

/** With a passkey provider: listing and removing the user's passkeys. */
export const passkeyAccountMethods = ["listAuthenticatorsByUserId", "deleteAuthenticator"] as const

/**
 * The adapter, or MissingAdapterMethods naming what it lacks for the account endpoints (an Auth.js
 * adapter has no `listAccountsByUserId`): a configuration error (500), never a half-done change.
 */
export function accountAdapter(options: InternalOptions): Required<Adapter> {
  const adapter = options.adapter
  if (!adapter) throw new MissingAdapterMethods("The account endpoints need an adapter (they manage the adapter's users)")
  const required: string[] = [...accountMethods]
  if (hasPasskeyProvider(options)) required.push(...passkeyAccountMethods)
  const original = originalAdapter(adapter) as Record<string, unknown>
  const missing = required.filter((name) => typeof original[name] !== "function")
  if (missing.length > 0) throw new MissingAdapterMethods(`The account endpoints need adapter methods it lacks: ${missing.join(", ")}`)
  return adapter as Required<Adapter>
}

/** Whether the adapter itself (not its wrapper) has `name`. */
export function adapterHas(options: InternalOptions, name: keyof Adapter): boolean {
  return !!options.adapter && typeof (originalAdapter(options.adapter) as Adapter)[name] === "function"
}

export function hasPasskeyProvider(options: Pick<InternalOptions, "providers">): boolean {
  return options.providers.some((provider) => provider.type === "webauthn")
}
