/** Which passkey ceremony to run: create a passkey (`register`) or sign in with one (`authenticate`). */
export type PasskeyAction = "register" | "authenticate"

/** Options of the browser's passkey `signIn`: the ceremony, the e-mail address, where to land. */
export interface PasskeySignInOptions {
  /**
   * `register` creates a passkey (a new account for `email`, or one more passkey for the
   * signed-in user); `authenticate` signs in. Left out, the server decides from `email`.
   */
  action?: PasskeyAction
  /** The e-mail address to sign up with, or to list that user's passkeys for sign-in. */
  email?: string
  /** Where to land after signing in. Default: the current page. */
  callbackUrl?: string
  /** Follow the server's redirect (default), or stay and get the result. */
  redirect?: boolean
  /** Where the auth routes live. Default `/auth` (Next.js apps use `/api/auth`). */
  basePath?: string
  /**
   * Passkey autofill (WebAuthn conditional UI): wait for the user to pick a passkey from the
   * browser's suggestions on an input with `autocomplete="username webauthn"`. Start it when
   * the sign-in form appears; it resolves once a passkey is chosen.
   */
  useBrowserAutofill?: boolean
  /** Other fields for the options request (a custom `getUserInfo` may read them). */
  fields?: Record<string, string>
}

/** What signIn resolves to with `redirect: false` (next-auth's shape). */
export interface PasskeySignInResult {
  /** The error type (e.g. `WebAuthnVerificationError`), or undefined on success. */
  error: string | undefined
  code: string | undefined
  status: number
  ok: boolean
  /** Where the server would send the browser; null on failure. */
  url: string | null
}
