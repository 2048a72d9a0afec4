import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"

/** The profile SAML Jackson returns from `/api/oauth/userinfo`. */
export interface BoxyHQSAMLProfile extends ProviderClaims {
  id: string
  email: string
  firstName?: string
  lastName?: string
}

/**
 * BoxyHQ SAML Jackson, SAML single sign-on behind OAuth 2 (`AUTH_BOXYHQ_SAML_ID` /
 * `AUTH_BOXYHQ_SAML_SECRET` / `AUTH_BOXYHQ_SAML_ISSUER`); `issuer` is the Jackson service URL.
 */
export default function BoxyHQSAML(options: OAuthUserConfig<BoxyHQSAMLProfile> = {}): OAuthConfig<BoxyHQSAMLProfile> {
  const service = options.issuer
  return {
    id: "boxyhq-saml",
    name: "BoxyHQ SAML",
    type: "oauth",
    authorization: { url: `${service}/api/oauth/authorize`, params: { provider: "saml" } },
    token: `${service}/api/oauth/token`,
    userinfo: `${service}/api/oauth/userinfo`,
    profile(profile) {
      return {
        id: profile.id,
        email: profile.email,
        name: [profile.firstName, profile.lastName].filter(Boolean).join(" "),
        image: null,
      }
    },
    style: { brandColor: "#25c2a0" },
    options,
  }
}
