import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a Passage by 1Password ID token. */
export interface PassageProfile extends ProviderClaims {
  iss: string
  sub: string
  aud: string[]
  email: string
  email_verified: boolean
  phone?: string
  phone_number_verified?: boolean
}

/**
 * Passage by 1Password (OpenID Connect, `AUTH_PASSAGE_ID` / `AUTH_PASSAGE_SECRET` /
 * `AUTH_PASSAGE_ISSUER`); the issuer is the app's auth URL.
 */
export default function Passage(options: OAuthUserConfig<PassageProfile> = {}): OIDCConfig<PassageProfile> {
  return {
    id: "passage",
    name: "Passage",
    type: "oidc",
    client: { token_endpoint_auth_method: "client_secret_basic" },
    style: { brandColor: "#3d53f6" },
    options,
  }
}
