import type { AuthConfig, SessionInfo } from "@gatehouse/core"
import type { Session } from "@gatehouse/core/types"

/** Configuration of {@link QwikAuth$}: core's config, less `raw` (the integration owns the response). */
export interface QwikAuthConfig extends Omit<AuthConfig, "raw"> {}

/** What the session lookup hands back: the refreshed `Set-Cookie` header (if any) and the session. */
export interface SessionLookup {
  cookie: string | null
  data: Session | null
}

/** The awaited form upstream exports under this name. */
export type GetSessionResult = Promise<SessionLookup>

/** Input of `useSignIn`: every field optional, as in `@auth/qwik`. */
export interface SignInInput {
  providerId?: string
  redirectTo?: string
  options?: { redirectTo?: string; [field: string]: unknown }
  authorizationParams?: string | URLSearchParams | Record<string, string>
  /**
   * What a refused sign-in does (wrong credentials, a `signIn` callback that says no). `true` (the
   * default, as `@auth/qwik`): redirect to the sign-in page with `?error=<type>&code=<code>`. `false`:
   * stay on the form, the refusal being the action's value ({@link SignInFailed}). A form sends it as
   * `<input type="hidden" name="redirectOnFailure" value="false" />`. A Gatehouse addition.
   */
  redirectOnFailure?: boolean | "true" | "false"
}

/** Input of `useSignOut`. */
export interface SignOutInput {
  redirectTo?: string
  /**
   * Also end the session at the identity provider it was signed in with (OpenID Connect
   * RP-Initiated Logout): the browser goes to the provider's end-session endpoint, which sends it
   * back to `redirectTo`. `false` turns off a provider's `federatedSignOut: true`. A form sends it as
   * `<input type="hidden" name="federated" value="true" />`.
   */
  federated?: boolean | "true" | "false"
}

/** Success of either action; in practice the action redirects before anyone reads it. */
export interface ActionSucceeded {
  failed: undefined
}

/** The fields `useSignIn`'s input was refused for, by field name. */
export interface SignInFieldErrors {
  providerId?: string[]
  redirectTo?: string[]
  options?: string[]
  authorizationParams?: string[]
}

/**
 * A refused sign-in. Validation failures carry `fieldErrors`/`formErrors` only; with
 * `redirectOnFailure: false`, a refusal by core (wrong credentials, signIn callback said no…) also
 * carries the error type and, for `CredentialsSignin`, its `code`, so a page can show why without
 * leaving the form.
 */
export interface SignInFailed {
  failed: true
  fieldErrors: SignInFieldErrors
  formErrors: string[]
  /** The error type core put on its error page URL, e.g. `CredentialsSignin`. */
  error?: string
  code?: string
}

/** `useSignOut`'s answer when signing out failed, with the reason. */
export interface SignOutFailed {
  failed: true
  fieldErrors: { redirectTo?: string[]; federated?: string[] }
  formErrors: string[]
}

/** What `useSignIn` answers when it does not redirect: done, or why not. */
export type SignInResult = ActionSucceeded | SignInFailed
/** What `useSignOut` answers when it does not redirect: done, or why not. */
export type SignOutResult = ActionSucceeded | SignOutFailed

export type { SessionInfo }

/**
 * Input of `useRevokeSession`: one session by its `id` (from `useSessions`), or `scope` "others"
 * (every session of the user but this one) or "all" (this one too: the user is signed out).
 * A form sends `<input type="hidden" name="sessionId" value={session.id} />` or `name="scope"`.
 */
export type RevokeSessionInput = { sessionId: string; scope?: undefined } | { scope: "others" | "all"; sessionId?: undefined }

/** A revocation done: how many sessions ended, and whether this browser's own session was one of them. */
export interface SessionsRevoked {
  failed: undefined
  revoked: number
  /** True when this request's session ended: its cookie is cleared, `useSession` reads null. */
  signedOut: boolean
}

/** `useRevokeSession`'s answer when nothing could be revoked, with the reason. */
export interface RevokeSessionFailed {
  failed: true
  fieldErrors: { sessionId?: string[]; scope?: string[] }
  formErrors: string[]
}

/** What `useRevokeSession` answers: the sessions ended, or why not. */
export type RevokeSessionResult = SessionsRevoked | RevokeSessionFailed
