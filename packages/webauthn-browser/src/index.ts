/**
 * @gatehouse/webauthn-browser: passkeys in the browser for Gatehouse apps. Framework
 * integrations re-export it as their `/webauthn` entry (like `next-auth/webauthn`).
 */
export { signIn } from "./sign-in.js"
export type { PasskeyAction, PasskeySignInOptions, PasskeySignInResult } from "./types.js"
export { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, platformAuthenticatorIsAvailable } from "@simplewebauthn/browser"
