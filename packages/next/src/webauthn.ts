"use client"
/**
 * @gatehouse/next/webauthn — passkeys in the browser, as `next-auth/webauthn`:
 *
 * ```ts
 * await signIn("passkey")                                   // sign in with a passkey this device has
 * await signIn("passkey", { action: "register", email })    // sign up (or add a passkey when signed in)
 * signIn("passkey", { useBrowserAutofill: true })           // passkey autofill on the sign-in form
 * ```
 *
 * The auth routes are found where `@gatehouse/next/react` finds them: `/api/auth`, the path of
 * NEXTAUTH_URL / AUTH_URL, or `<SessionProvider basePath>`; a `basePath` option overrides that.
 * A sign-in that succeeds with `redirect: false` refreshes the mounted SessionProviders.
 */
import { signIn as passkeySignIn, type PasskeySignInOptions, type PasskeySignInResult } from "@gatehouse/webauthn-browser"
import { clientConfig } from "./react/client-config.js"
import { announceSessionChange } from "./react/session-events.js"

/**
 * Options of `signIn` from `@gatehouse/next/webauthn`: the passkey ceremony's options and where to
 * land.
 */
export interface WebAuthnSignInOptions extends PasskeySignInOptions {
  /** Where to land after signing in (the name `@gatehouse/next/react` uses); `callbackUrl` also works. */
  redirectTo?: string
}

/**
 * Registers or uses a passkey in the browser and signs in with it (next-auth's `next-auth/webauthn`
 * `signIn`).
 */
export async function signIn(provider = "passkey", options: WebAuthnSignInOptions = {}): Promise<PasskeySignInResult | undefined> {
  const { redirectTo, ...rest } = options
  const result = await passkeySignIn(provider, {
    ...rest,
    callbackUrl: rest.callbackUrl ?? redirectTo,
    // Read on each call: <SessionProvider basePath> may set it after this module loaded.
    basePath: rest.basePath ?? clientConfig.basePath,
  })
  if (result?.ok) announceSessionChange({ trigger: "signin" })
  return result
}

export type { PasskeyAction, PasskeySignInResult } from "@gatehouse/webauthn-browser"
export { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, platformAuthenticatorIsAvailable } from "@gatehouse/webauthn-browser"
