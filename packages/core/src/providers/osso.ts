import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"

/** `GET /oauth/me` of an Osso server. */
export interface OssoProfile extends ProviderClaims {
  id: string
  email: string
  idp?: string
  requested?: Record<string, unknown>
}

/**
 * Osso, SAML single sign-on behind OAuth 2 (`AUTH_OSSO_ID` / `AUTH_OSSO_SECRET` /
 * `AUTH_OSSO_ISSUER`); `issuer` is the Osso server URL. Mapped with the default rules.
 */
export default function Osso(options: OAuthUserConfig<OssoProfile> = {}): OAuthConfig<OssoProfile> {
  const server = withTrailingSlash(String(options.issuer))
  return {
    id: "osso",
    name: "Osso",
    type: "oauth",
    authorization: `${server}oauth/authorize`,
    token: `${server}oauth/token`,
    userinfo: `${server}oauth/me`,
    options,
  }
}

function withTrailingSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`
}
