import type { Adapter, AdapterUser } from "../adapters.js"
import { missingAdapterMethods } from "../config/adapter-methods.js"
import { AuthError, MissingAdapter } from "../errors.js"
import type { InternalOptions } from "../config/internal-options.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { Account, Awaitable, User } from "../primitives.js"
import type { CurrentAuthentication } from "../step-up/current-authentication.js"
import type { ResponseInternal } from "../types.js"
import type { StepUpFactors } from "./second-factor-step-up.js"

/**
 * The second factors a user may use (docs/second-factor.md). "passkey": an adapter user's own
 * passkey (of the app's WebAuthn provider) answers the challenge instead of a code. A passkey
 * used to sign in counts as both factors already.
 */
export type SecondFactorMethod = "totp" | "backup-code" | "passkey"

/** What second factors need of otpauth and uqr (second-factor/totp-library.ts), handed in by SecondFactor(). */
export interface TotpLibrary {
  newSecret(): Promise<string>
  uri(base32: string, issuer: string, account: string): Promise<string>
  stepOf(base32: string, code: string, now?: number): Promise<number | null>
  qrSvg(text: string): Promise<string>
  /**
   * The second-factor endpoints (second-factor-action.ts), handed in with the libraries: only apps
   * that turn second factors on bundle them, their pages and their libraries.
   */
  action(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal>
  /** What may answer a step-up of the session with the second factor alone (second-factor-step-up.ts), handed in likewise. */
  stepUpFactors(current: CurrentAuthentication, options: InternalOptions): Promise<StepUpFactors | null>
  /** The checks of the `secondFactor` option past its origin (checkSecondFactor below), handed in likewise. */
  check(config: SecondFactorConfig, adapter: Adapter | undefined, providers: readonly { type: string }[]): ResolvedSecondFactor
}

/** Where SecondFactor() puts the libraries: a registered symbol, so every copy of core agrees on it. */
export const totpLibraryKey: unique symbol = Symbol.for("gatehouse.second-factor.totp")

/**
 * `secondFactor` in the auth config, made by `SecondFactor(options)` from
 * `@gatehouse/core/second-factor`: turns second factors on. Users enrol a TOTP app (and get
 * backup codes) at `{basePath}/second-factor`; then every sign-in of theirs, whatever its first
 * factor, gets no session until the second factor is done.
 */
export interface SecondFactorConfig {
  /**
   * Which second factors are offered. Default: TOTP and backup codes. Backup codes come with TOTP
   * and are not offered alone. Add "passkey" (with a WebAuthn or Passkey provider) to let users
   * answer the challenge with one of their passkeys.
   */
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
  /** Set by SecondFactor(): the libraries TOTP and QR codes are made with. */
  [totpLibraryKey]?: TotpLibrary
}

/** The config as the actions use it, defaults applied. */
export interface SecondFactorOptions {
  methods: SecondFactorMethod[]
  required: NonNullable<SecondFactorConfig["required"]>
  issuer: string | undefined
  pendingMaxAge: number
  totp: TotpLibrary
}

/** The `secondFactor` option resolved, or the error that makes it unusable. */
export interface ResolvedSecondFactor {
  options?: SecondFactorOptions
  error?: AuthError
}

const knownMethods: readonly SecondFactorMethod[] = ["totp", "backup-code", "passkey"]

/** What a passkey answering the challenge needs of the adapter (webauthn/verify-authentication.ts). */
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
