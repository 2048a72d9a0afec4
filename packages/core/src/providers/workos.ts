import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"

/** `GET /sso/profile` of the WorkOS API. */
export interface WorkOSProfile extends ProviderClaims {
  object: string
  id: string
  organization_id: string
  connection_id: string
  connection_type: string
  idp_id: string
  email: string
  first_name: string
  last_name: string
  raw_attributes: { id?: string; email?: string; firstName?: string; lastName?: string; picture?: string; [key: string]: unknown }
}

export interface WorkOSOptions extends OAuthUserConfig<WorkOSProfile> {
  /** The SSO connection to sign in with; it can also be passed per sign-in as an authorization param. */
  connection?: string
}

/**
 * WorkOS SSO (OAuth 2, `AUTH_WORKOS_ID` / `AUTH_WORKOS_SECRET`); the client secret is the WorkOS
 * API key, sent in the body. `issuer` moves the API base (`https://api.workos.com/` by default).
 */
export default function WorkOS(options: WorkOSOptions = {}): OAuthConfig<WorkOSProfile> {
  const apiBase = withTrailingSlash(options.issuer ?? "https://api.workos.com/")
  const connectionQuery = new URLSearchParams({ connection: options.connection ?? "" })
  return {
    id: "workos",
    name: "WorkOS",
    type: "oauth",
    authorization: `${apiBase}sso/authorize?${connectionQuery}`,
    token: `${apiBase}sso/token`,
    userinfo: `${apiBase}sso/profile`,
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return {
        id: profile.id,
        name: `${profile.first_name} ${profile.last_name}`,
        email: profile.email,
        image: profile.raw_attributes.picture ?? null,
      }
    },
    style: { bg: "#6363f1", text: "#fff" },
    options,
  }
}

function withTrailingSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`
}
