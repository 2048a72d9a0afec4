import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import fusionauthMark from "./brand-marks/fusionauth.js"

/** Claims of a FusionAuth ID token. */
export interface FusionAuthProfile extends ProviderClaims {
  aud: string
  exp: number
  iat: number
  iss: string
  sub: string
  jti: string
  authenticationType: string
  email: string
  email_verified: boolean
  preferred_username?: string
  name?: string
  given_name?: string
  middle_name?: string
  family_name?: string
  picture?: string
  sid?: string
  scope?: string
}

export interface FusionAuthOptions extends OAuthUserConfig<FusionAuthProfile> {
  /** For a multi-tenant FusionAuth instance: the tenant the application lives in. */
  tenantId?: string
}

/**
 * FusionAuth (OpenID Connect, `AUTH_FUSIONAUTH_ID` / `AUTH_FUSIONAUTH_SECRET` /
 * `AUTH_FUSIONAUTH_ISSUER`). The issuer is the instance URL, e.g. `https://auth.example.com`.
 */
export default function FusionAuth(options: FusionAuthOptions = {}): OIDCConfig<FusionAuthProfile> {
  const { issuer, tenantId } = options
  const tenantQuery = tenantId ? `?tenantId=${tenantId}` : ""
  return {
    id: "fusionauth",
    name: "FusionAuth",
    style: { mark: fusionauthMark },
    type: "oidc",
    issuer,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    wellKnown: `${issuer}/.well-known/openid-configuration${tenantQuery}`,
    authorization: {
      params: { scope: "openid offline_access email profile", ...(tenantId ? { tenantId } : {}) },
    },
    userinfo: `${issuer}/oauth2/userinfo`,
    token: { url: `${issuer}/oauth2/token`, conform: dropAuthenticateChallenge },
    checks: ["pkce", "state"],
    profile(profile) {
      const fullName = [profile.given_name, profile.middle_name, profile.family_name].filter(Boolean).join(" ")
      return {
        id: profile.sub,
        email: profile.email,
        name: profile.name ?? profile.preferred_username ?? fullName,
        image: profile.picture,
      }
    },
    options,
  }
}

/**
 * FusionAuth sends `WWW-Authenticate` even on successful token responses, which OAuth clients
 * read as an authentication challenge; it is dropped unless the response really is a 401.
 */
async function dropAuthenticateChallenge(response: Response): Promise<Response> {
  if (response.status === 401) return response
  const headers = new Headers(response.headers)
  headers.delete("www-authenticate")
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
