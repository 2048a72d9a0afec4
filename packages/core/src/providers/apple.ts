import { customFetch } from "../auth-options.js"
import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import { patchDiscoveryDocument } from "../oauth/discovery.js"
import appleMark from "./brand-marks/apple.js"

/** What Apple posts back (once, on the first consent) as the `user` form field, parsed. */
export interface AppleNonConformUser {
  name: { firstName: string; lastName: string }
  email: string
}

/** Claims of a "Sign in with Apple" ID token, plus the `user` form field when Apple sent one. */
export interface AppleProfile extends ProviderClaims {
  iss: "https://appleid.apple.com"
  aud: string
  iat: number
  exp: number
  sub: string
  nonce?: string
  nonce_supported?: boolean
  email: string
  email_verified: "true" | true
  is_private_email?: boolean | "true" | "false"
  real_user_status?: 0 | 1 | 2
  transfer_sub?: string
  at_hash?: string
  auth_time?: number
  user?: AppleNonConformUser
}

/**
 * Apple (OpenID Connect, `AUTH_APPLE_ID` / `AUTH_APPLE_SECRET`; the secret is the client-secret
 * JWT you sign with your Apple key).
 * Apple answers by `form_post` (so redirect proxies cannot be used), accepts the secret only in
 * the body, and checks nonce and state. Its name arrives only once, in the `user` form field.
 */
export default function Apple(options: OAuthUserConfig<AppleProfile> = {}): OIDCConfig<AppleProfile> {
  return {
    id: "apple",
    name: "Apple",
    type: "oidc",
    issuer: "https://appleid.apple.com",
    authorization: { params: { scope: "name email", response_mode: "form_post" } },
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["nonce", "state"],
    profile(profile) {
      const name = profile.user ? `${profile.user.name.firstName} ${profile.user.name.lastName}` : profile.email
      return { id: profile.sub, name, email: profile.email, image: null }
    },
    [customFetch]: patchDiscoveryDocument(
      () => options[customFetch] ?? globalThis.fetch,
      (metadata) => ({
        ...metadata,
        // Apple names no userinfo endpoint, which OAuth clients insist on; this one is never called
        // (the profile comes from the ID token).
        userinfo_endpoint: "https://appleid.apple.com/fake_endpoint",
      }),
    ),
    style: { mark: appleMark, text: "#fff", bg: "#000" },
    options,
  }
}
