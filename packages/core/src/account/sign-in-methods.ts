import type { AdapterAccount, AdapterAuthenticator, AdapterUser, Adapter } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { originalAdapter } from "../config/wrap-adapter.js"

/** Every way the user can sign in now, as the account endpoints see it. */
export interface SignInMethods {
  /** OAuth/OIDC accounts of providers configured now (a provider gone from the config signs nobody in). */
  accounts: AdapterAccount[]
  /** Every linked account, whatever its kind (passkeys' and e-mail's included). */
  allAccounts: AdapterAccount[]
  passkeys: AdapterAuthenticator[]
  password: boolean
  /** An e-mail provider is configured and the user has an address: a sign-in link can always reach them. */
  email: boolean
}

export async function signInMethods(user: AdapterUser, options: InternalOptions): Promise<SignInMethods> {
  const adapter = options.adapter!
  const configured = new Set(options.providers.filter((p) => p.type === "oauth" || p.type === "oidc").map((p) => p.id))
  const allAccounts = await adapter.listAccountsByUserId(user.id)
  const accounts = allAccounts.filter(
    (account) => (account.type === "oauth" || account.type === "oidc") && configured.has(account.provider),
  )
  const passkeys = hasPasskeyProvider(options) ? await adapter.listAuthenticatorsByUserId(user.id) : []
  const hasPasswordProvider = options.providers.some((p) => p.type === "password")
  const password = hasPasswordProvider && adapterHas(options, "getPasswordHash") && !!(await adapter.getPasswordHash(user.id))
  const email = !!user.email && options.providers.some((p) => p.type === "email")
  return { accounts, allAccounts, passkeys, password, email }
}

/**
 * Whether the user still has a way in, read again after a removal: two removals at once (two tabs,
 * two instances) each pass the check made before the other removed, and could together leave none.
 * The caller puts back what it removed when not.
 */
export async function stillHasAWayIn(user: AdapterUser, options: InternalOptions): Promise<boolean> {
  return methodsLeft(await signInMethods(user, options), {}) > 0
}

/** How many ways in remain once `without` (one account or one passkey) is gone. */
export function methodsLeft(methods: SignInMethods, without: { account?: AdapterAccount; passkey?: AdapterAuthenticator }): number {
  const accounts = methods.accounts.filter((account) => account !== without.account).length
  const passkeys = methods.passkeys.filter((passkey) => passkey !== without.passkey).length
  return accounts + passkeys + (methods.password ? 1 : 0) + (methods.email ? 1 : 0)
}

/** Whether the adapter itself (not its wrapper) has `name`. */
export function adapterHas(options: InternalOptions, name: keyof Adapter): boolean {
  return !!options.adapter && typeof (originalAdapter(options.adapter) as Adapter)[name] === "function"
}

/** Whether a passkey provider is configured: only then are passkeys listed and removable here. */
export function hasPasskeyProvider(options: Pick<InternalOptions, "providers">): boolean {
  return options.providers.some((provider) => provider.type === "webauthn")
}
