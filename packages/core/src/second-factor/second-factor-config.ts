import type { Adapter, AdapterUser } from "../adapters.js"
import { missingAdapterMethods } from "../config/adapter-methods.js"
import { AuthError, MissingAdapter } from "../errors.js"
import type { Account, Awaitable, User } from "../primitives.js"

/** The second factors a user may use (docs/second-factor.md). A passkey used to sign in counts as both factors already. */
export type SecondFactorMethod = "totp" | "backup-code"

/**
 * `secondFactor` in the auth config: turns second factors on. Users enrol a TOTP app (and get
 * backup codes) at `{basePath}/second-factor`; then every sign-in of theirs, whatever its first
 * factor, gets no session until the second factor is done.
 */
export interface SecondFactorConfig {
  /** Which second factors are offered. Default: both. Backup codes come with TOTP and are not offered alone. */
  methods?: SecondFactorMethod[]
  /**
   * Who must have a second factor: `false` (default, users opt in), `true` (everyone), or a
   * function of the signing-in user and account. A user who must but has none enrols during
   * the sign-in (the challenge page shows the QR code) before any session is issued.
   */
  required?: boolean | ((params: { user: User | AdapterUser; account: Account | null }) => Awaitable<boolean>)
  /** The issuer shown in authenticator apps. Default: the site's host name. */
  issuer?: string
  /** Seconds a pending sign-in waits for its second factor. Default 300 (5 minutes). */
  pendingMaxAge?: number
}

/** The config as the actions use it, defaults applied. */
export interface SecondFactorOptions {
  methods: SecondFactorMethod[]
  required: NonNullable<SecondFactorConfig["required"]>
  issuer: string | undefined
  pendingMaxAge: number
}

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
): { options?: SecondFactorOptions; error?: AuthError } {
  if (config === undefined) return {}
  if (config === null || typeof config !== "object") return { error: new AuthError("secondFactor must be an options object") }
  if (!adapter) return { error: new MissingAdapter("secondFactor needs an adapter: second-factor records are kept in the database") }
  const missing = missingAdapterMethods(adapter, secondFactorMethods)
  if (missing) {
    missing.message = `secondFactor needs the adapter's second-factor methods (docs/second-factor.md). ${missing.message}`
    return { error: missing }
  }
  const methods = config.methods ?? ["totp", "backup-code"]
  if (!Array.isArray(methods) || !methods.includes("totp") || methods.some((m) => m !== "totp" && m !== "backup-code")) {
    return { error: new AuthError('secondFactor.methods must include "totp" (and may include "backup-code")') }
  }
  const pendingMaxAge = config.pendingMaxAge ?? 300
  if (typeof pendingMaxAge !== "number" || !(pendingMaxAge > 0 && pendingMaxAge <= 3600)) {
    return { error: new AuthError("secondFactor.pendingMaxAge must be a number of seconds from 1 to 3600") }
  }
  const required = config.required ?? false
  if (typeof required !== "boolean" && typeof required !== "function") {
    return { error: new AuthError("secondFactor.required must be true, false or a function") }
  }
  return { options: { methods, required, issuer: config.issuer, pendingMaxAge } }
}
