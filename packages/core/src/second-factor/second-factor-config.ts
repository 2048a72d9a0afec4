import type { Adapter } from "../adapters.js"
import { missingAdapterMethods } from "../config/adapter-methods.js"
import { AuthError, MissingAdapter } from "../errors.js"
import type { ResolvedSecondFactor, SecondFactorConfig, SecondFactorMethod } from "../providers/types.js"
import { totpLibraryKey } from "../auth-options.js"

// The option's types are defined with InternalOptions (providers/types.ts): the libraries' entry
// points are handed the options back, one recursive shape.
export type {
  ResolvedSecondFactor,
  SecondFactorConfig,
  SecondFactorMethod,
  SecondFactorOptions,
  TotpLibrary,
} from "../providers/types.js"
export { totpLibraryKey }

const knownMethods: readonly SecondFactorMethod[] = ["totp", "backup-code", "passkey"]

/** What a passkey answering the challenge needs of the adapter (webauthn/verify-ceremony.ts). */
const passkeyMethods = ["listAuthenticatorsByUserId", "getAuthenticator", "getAccount", "updateAuthenticatorCounter", "getUser"] as const

/** What each second-factor request needs of the adapter. */
export const secondFactorMethods = [
  "getSecondFactor",
  "setSecondFactor",
  "deleteSecondFactor",
  "claimTotpStep",
  "useBackupCode",
  "countSecondFactorFailure",
] as const

/**
 * The resolved `secondFactor` option, or the configuration error that makes every request fail
 * closed: the records live in the adapter (claimed once across instances), so an app without one,
 * or with one that lacks the methods, is told so by name rather than getting a second factor that
 * a second instance would accept twice.
 */
export function resolveSecondFactor(
  config: SecondFactorConfig | undefined,
  adapter: Adapter | undefined,
  providers: readonly { type: string }[] = [],
): ResolvedSecondFactor {
  if (config === undefined) return {}
  if (config === null || typeof config !== "object") return { error: new AuthError("secondFactor must be an options object") }
  const totp = config[totpLibraryKey]
  // Without its checks too: a SecondFactor() of another copy of core that did not carry them.
  if (typeof totp?.check !== "function") {
    return {
      error: new AuthError(
        'secondFactor must be made by SecondFactor(): import { SecondFactor } from "@gatehouse/core/second-factor" and set secondFactor: SecondFactor({ … }) (it brings the TOTP and QR-code libraries, which apps without second factors never load)',
      ),
    }
  }
  return totp.check(config, adapter, providers)
}

/**
 * The rest of resolveSecondFactor, once the option is known to come from SecondFactor(): carried
 * by it (index.ts) with the libraries, so apps without second factors do not bundle these checks.
 */
export function checkSecondFactor(
  config: SecondFactorConfig,
  adapter: Adapter | undefined,
  providers: readonly { type: string }[],
): ResolvedSecondFactor {
  const totp = config[totpLibraryKey]!
  if (!adapter) return { error: new MissingAdapter("secondFactor needs an adapter: second-factor records are kept in the database") }
  const missing = missingAdapterMethods(adapter, secondFactorMethods)
  if (missing) {
    missing.message = `secondFactor needs the adapter's second-factor methods (docs/second-factor.md). ${missing.message}`
    return { error: missing }
  }
  const methods = config.methods ?? ["totp", "backup-code"]
  if (!Array.isArray(methods) || !methods.includes("totp") || methods.some((m) => !knownMethods.includes(m))) {
    return { error: new AuthError('secondFactor.methods must include "totp" (and may include "backup-code" and "passkey")') }
  }
  if (methods.includes("passkey")) {
    if (!providers.some((provider) => provider.type === "webauthn")) {
      return {
        error: new AuthError('secondFactor.methods "passkey" needs a WebAuthn or Passkey provider'),
      }
    }
    const missingPasskeys = missingAdapterMethods(adapter, passkeyMethods)
    if (missingPasskeys) {
      missingPasskeys.message = `secondFactor.methods "passkey": ${missingPasskeys.message}`
      return { error: missingPasskeys }
    }
  }
  const pendingMaxAge = config.pendingMaxAge ?? 300
  if (typeof pendingMaxAge !== "number" || !(pendingMaxAge > 0 && pendingMaxAge <= 3600)) {
    return { error: new AuthError("secondFactor.pendingMaxAge must be a number of seconds from 1 to 3600") }
  }
  const required = config.required ?? false
  if (typeof required !== "boolean" && typeof required !== "function") {
    return { error: new AuthError("secondFactor.required must be true, false or a function") }
  }
  return { options: { methods, required, issuer: config.issuer, pendingMaxAge, totp } }
}
