import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"

/** Claims of a BankID Norway userinfo response. */
export interface BankIDNorwayProfile extends ProviderClaims {
  iss: string
  sub: string
  aud: string
  exp: number
  iat: number
  name: string
  given_name: string
  family_name: string
  birthdate: string
  /** BID (BankID), BIM (mobile) or BIS (app). */
  amr: "BID" | "BIM" | "BIS"
  email?: string
  nnin_altsub?: string
}

/**
 * BankID Norway (OpenID Connect, `AUTH_BANKID_NO_ID` / `AUTH_BANKID_NO_SECRET`).
 * The profile comes from the signed userinfo endpoint (`idToken: false`), checked by PKCE,
 * state and nonce; the Norwegian UI and the BankID app are preselected.
 */
export default function BankIDNorway(options: OAuthUserConfig<BankIDNorwayProfile> = {}): OIDCConfig<BankIDNorwayProfile> {
  return {
    id: "bankid-no",
    name: "BankID Norge",
    type: "oidc",
    issuer: "https://auth.bankid.no/auth/realms/prod",
    client: { token_endpoint_auth_method: "client_secret_post", userinfo_signed_response_alg: "RS256" },
    idToken: false,
    authorization: { params: { ui_locales: "no", login_hint: "BIS" } },
    checks: ["pkce", "state", "nonce"],
    profile(profile) {
      return { id: profile.sub, name: profile.name, email: profile.email ?? null, image: null }
    },
    style: { text: "#fff", bg: "#39134c" },
    options,
  }
}
