/**
 * Passkeys: WebAuthn with discoverable (resident) credentials and user verification required,
 * so the authenticator itself identifies the user (no e-mail needed to sign in) and proves who
 * is holding it (biometrics or PIN).
 *
 * Signing up while signed out (Auth.js's flow) creates a user whose address nobody proved
 * (`emailVerified: null`): whoever typed it may not own it. Its owner's first e-mail sign-in keeps
 * the user but removes its passkeys, accounts and sessions first (login/owner-of-proven-address.ts).
 */
import WebAuthn, { DEFAULT_WEBAUTHN_TIMEOUT, type WebAuthnProviderConfig, type WebAuthnUserConfig } from "./webauthn.js"

export type { WebAuthnProviderConfig, WebAuthnUserConfig } from "./webauthn.js"

export default function Passkey(config: WebAuthnUserConfig = {}): WebAuthnProviderConfig {
  return WebAuthn({
    id: "passkey",
    name: "Passkey",
    authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT, userVerification: "required" },
    registrationOptions: {
      timeout: DEFAULT_WEBAUTHN_TIMEOUT,
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    },
    verifyAuthenticationOptions: { requireUserVerification: true },
    verifyRegistrationOptions: { requireUserVerification: true },
    ...config,
  })
}
