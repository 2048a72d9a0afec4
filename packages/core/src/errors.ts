/**
 * The error hierarchy. Class names and `type` strings match Auth.js so that
 * `error=<type>` in redirect URLs and `instanceof` checks keep working after a move.
 */

import { errorReferenceLink } from "./docs-link.js"

type ErrorOptions = Error | Record<string, unknown>

/**
 * Every error type Gatehouse raises, as it appears in `error.type` and in `?error=` URLs (Auth.js's
 * names, plus Gatehouse's own).
 */
export type ErrorType =
  | "AccessDenied"
  | "AdapterError"
  | "AccountNotLinked"
  | "CallbackRouteError"
  | "CredentialsSignin"
  | "DuplicateConditionalUI"
  | "EmailSignInError"
  | "ErrorPageLoop"
  | "EventError"
  | "ExperimentalFeatureNotEnabled"
  | "InvalidCallbackUrl"
  | "InvalidCheck"
  | "InvalidEndpoints"
  | "InvalidLogoutToken"
  | "BackchannelLogoutFailed"
  | "InvalidProvider"
  | "JWTSessionError"
  | "MissingAdapter"
  | "MissingAdapterMethods"
  | "MissingAuthorize"
  | "MissingCSRF"
  | "MissingSecret"
  | "MissingWebAuthnAutocomplete"
  | "OAuthAccountNotLinked"
  | "OAuthCallbackError"
  | "OAuthProfileParseError"
  | "OAuthSignInError"
  | "SessionRecordsNotCarried"
  | "SessionTokenError"
  | "SignOutError"
  | "StepUpFailed"
  | "SecondFactorFailed"
  | "UnknownAction"
  | "UnsupportedStrategy"
  | "UntrustedHost"
  | "Verification"
  | "WebAuthnVerificationError"
  | "RateLimited"
  | "RefreshTokenError"
  | "AccessTokenRefreshError"
  | "MissingOption"

/** Base class of every error Gatehouse raises. */
export class AuthError extends Error {
  /** Identifies the error in logs and in the `error=` query of redirects. */
  type: ErrorType
  /** Where the user is sent: the sign-in page for "signIn", the error page otherwise. */
  kind?: "signIn" | "error"
  // `declare`: a plain field would be re-initialised to undefined after super() and drop the cause.
  declare cause?: Record<string, unknown> & { err?: Error }

  constructor(message?: string | ErrorOptions, errorOptions?: ErrorOptions) {
    if (message instanceof Error) {
      super(undefined, { cause: { err: message, ...(message.cause as object) } })
    } else if (typeof message === "string") {
      if (errorOptions instanceof Error) {
        errorOptions = { err: errorOptions, ...(errorOptions.cause as object) }
      }
      super(message, errorOptions ? { cause: errorOptions } : undefined)
    } else {
      super(undefined, message ? { cause: message } : undefined)
    }
    this.name = this.constructor.name
    this.type = (this.constructor as typeof AuthError & { type?: ErrorType }).type ?? ("Configuration" as ErrorType)
    this.kind = (this.constructor as typeof AuthError & { kind?: "signIn" | "error" }).kind ?? "error"
    const url = errorReferenceLink(this.type)
    this.message = this.message ? `${this.message}. Read more at ${url}` : `Read more at ${url}`
  }
}

/**
 * An AuthError that names its cause among a fixed set (`code`), appended to the message: the base of
 * the errors whose advice depends on which case it was (InvalidLogoutToken, BackchannelLogoutFailed,
 * SessionRecordsNotCarried, MissingOption).
 */
export class CodedAuthError<Code extends string> extends AuthError {
  readonly code: Code

  constructor(code: Code, message: string, cause?: Error) {
    super(`${message} (${code})`, cause)
    this.code = code
  }
}

/** Base class of errors that send the user back to the sign-in page. */
export class SignInError extends AuthError {
  static kind = "signIn" as const
}

export class AdapterError extends AuthError {
  static type = "AdapterError" as const
}
export class AccessDenied extends AuthError {
  static type = "AccessDenied" as const
}
export class CallbackRouteError extends AuthError {
  static type = "CallbackRouteError" as const
}
export class ErrorPageLoop extends AuthError {
  static type = "ErrorPageLoop" as const
}
export class EventError extends AuthError {
  static type = "EventError" as const
}
export class InvalidCallbackUrl extends AuthError {
  static type = "InvalidCallbackUrl" as const
}

/** Throw from `authorize` to fail a credentials sign-in; `code` lands in the redirect URL. */
export class CredentialsSignin extends SignInError {
  static type = "CredentialsSignin" as const
  /** Goes into the URL: keep it generic, never say which credential was wrong. */
  code = "credentials"
}

export class InvalidEndpoints extends AuthError {
  static type = "InvalidEndpoints" as const
}
/** Which check a refused logout token failed (logged; the provider only hears 400). */
export type LogoutTokenProblem =
  | "malformed"
  | "no-issuer"
  | "no-client-id"
  | "discovery"
  | "no-jwks"
  | "jwks"
  | "signature"
  | "issuer"
  | "audience"
  | "iat"
  | "expired"
  | "exp"
  | "azp"
  | "claims"
  | "typ"
  | "jti"
  | "replayed"
  | "events"
  | "nonce"
  | "sub-sid"
  | "missing-sub"
/** A back-channel logout request Gatehouse refused (400, nothing changed); `code` names the failed check. */
export class InvalidLogoutToken extends CodedAuthError<LogoutTokenProblem> {
  static type = "InvalidLogoutToken" as const
}
/**
 * What went wrong on this server's side of a back-channel logout whose token was good (answered
 * 500, so that the provider may deliver it again). The token's `jti` is claimed only once every
 * session it names has ended, so after any of these the provider's retry is a first delivery:
 * - `find-sessions`: the sessions could not be looked up; nothing was ended;
 * - `end-sessions`: some sessions could not be ended (the others were); the retry ends those left;
 * - `claim`: every session ended, but the store of used logout tokens failed to record the `jti`.
 */
export type BackchannelLogoutFailure = "find-sessions" | "end-sessions" | "claim"
export class BackchannelLogoutFailed extends CodedAuthError<BackchannelLogoutFailure> {
  static type = "BackchannelLogoutFailed" as const
}
/**
 * A configuration error: an adapter with the session-management methods (`listSessionsByUserId` and
 * `deleteSessionsByUserId`) or the owned-session methods, or a `session.store`, that does not carry
 * the code recording sessions (`@gatehouse/core/session-records`). Without it sessions would go
 * unrecorded and revocations unchecked, silently. `code` says which: `adapter` or `store`.
 */
export type SessionRecordsCarrierProblem = "adapter" | "store"
export class SessionRecordsNotCarried extends CodedAuthError<SessionRecordsCarrierProblem> {
  static type = "SessionRecordsNotCarried" as const
}
export class InvalidCheck extends AuthError {
  static type = "InvalidCheck" as const
}
export class JWTSessionError extends AuthError {
  static type = "JWTSessionError" as const
}
export class MissingAdapter extends AuthError {
  static type = "MissingAdapter" as const
}
export class MissingAdapterMethods extends AuthError {
  static type = "MissingAdapterMethods" as const
}
export class MissingAuthorize extends AuthError {
  static type = "MissingAuthorize" as const
}
export class MissingSecret extends AuthError {
  static type = "MissingSecret" as const
}
export class OAuthAccountNotLinked extends SignInError {
  static type = "OAuthAccountNotLinked" as const
}
/**
 * A second factor was refused (`cause.reason`: "wrong-code", "wrong-passkey", "too-many" when the pending
 * sign-in ended after 5 wrong codes or the owner's limit was reached, "expired" when no pending
 * sign-in was found or it had ended). The answer is the same whatever the reason.
 */
export class SecondFactorFailed extends SignInError {
  static type = "SecondFactorFailed" as const
}
/**
 * A step-up (GET /reauthenticate) did not re-authenticate the session's user: the sign-in was as
 * someone else (`cause.reason` "other-user"), or an OpenID provider's ID token says the user did
 * not sign in again there ("not-reauthenticated"). No session is issued or changed.
 */
export class StepUpFailed extends SignInError {
  static type = "StepUpFailed" as const
}
export class OAuthCallbackError extends SignInError {
  static type = "OAuthCallbackError" as const
}
export class OAuthProfileParseError extends AuthError {
  static type = "OAuthProfileParseError" as const
}
export class SessionTokenError extends AuthError {
  static type = "SessionTokenError" as const
}
export class OAuthSignInError extends SignInError {
  static type = "OAuthSignInError" as const
}
export class EmailSignInError extends SignInError {
  static type = "EmailSignInError" as const
}
export class SignOutError extends AuthError {
  static type = "SignOutError" as const
}
export class UnknownAction extends AuthError {
  static type = "UnknownAction" as const
}
export class UnsupportedStrategy extends AuthError {
  static type = "UnsupportedStrategy" as const
}
export class InvalidProvider extends AuthError {
  static type = "InvalidProvider" as const
}
export class UntrustedHost extends AuthError {
  static type = "UntrustedHost" as const
}
export class Verification extends AuthError {
  static type = "Verification" as const
}
export class MissingCSRF extends SignInError {
  static type = "MissingCSRF" as const
}
export class DuplicateConditionalUI extends AuthError {
  static type = "DuplicateConditionalUI" as const
}
export class MissingWebAuthnAutocomplete extends AuthError {
  static type = "MissingWebAuthnAutocomplete" as const
}
export class WebAuthnVerificationError extends AuthError {
  static type = "WebAuthnVerificationError" as const
}
export class AccountNotLinked extends SignInError {
  static type = "AccountNotLinked" as const
}
export class ExperimentalFeatureNotEnabled extends AuthError {
  static type = "ExperimentalFeatureNotEnabled" as const
}
/** Too many attempts from one client or for one account; answered with 429. */
export class RateLimited extends AuthError {
  static type = "RateLimited" as const
}

/**
 * The provider refused the refresh token (`invalid_grant`: revoked, expired, or already used).
 * Final for that refresh token: it is never sent again, `getAccessToken` resolves to null and
 * `GET /session` carries `error: "RefreshTokenError"` until the user signs in again.
 */
export class RefreshTokenError extends AuthError {
  static type = "RefreshTokenError" as const
}
/**
 * A refresh failed for a reason that may pass (the provider unreachable, a server error, the
 * database down): `getAccessToken` resolves to null this time and the refresh token is kept.
 */
export class AccessTokenRefreshError extends AuthError {
  static type = "AccessTokenRefreshError" as const
}

/** Which config option a `MissingOption` error asks for. */
export type MissingOptionCode = "token-refresh" | "federated-sign-out"

/**
 * The config asks for a part whose code it did not bring: a provider with `tokenRefresh: true`
 * while the config lacks `tokenRefresh: TokenRefresh()`, or one with `federatedSignOut` while it
 * lacks `federatedSignOut: FederatedSignOut()`. `code` names the option; the message
 * names the import that brings it. Refused when the config is read, never a silently missing feature.
 */
export class MissingOption extends CodedAuthError<MissingOptionCode> {
  static type = "MissingOption" as const
}

const clientSafeTypes = new Set<string>([
  "CredentialsSignin",
  "OAuthAccountNotLinked",
  "OAuthCallbackError",
  "AccessDenied",
  "Verification",
  "MissingCSRF",
  "AccountNotLinked",
  "WebAuthnVerificationError",
  "StepUpFailed",
  "SecondFactorFailed",
])

/** Whether the error's type may be shown to the user; all others surface as `Configuration`. */
export function isClientError(error: Error): error is AuthError {
  return error instanceof AuthError && clientSafeTypes.has(error.type)
}
