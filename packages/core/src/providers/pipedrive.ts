import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"

/** `GET /users/me` of the Pipedrive API. */
export interface PipedriveProfile extends ProviderClaims {
  success: boolean
  data: {
    id: number
    name: string
    email: string
    icon_url?: string | null
    company_id?: number
    company_name?: string
    company_domain?: string
    locale?: string
    timezone_name?: string
    [field: string]: unknown
  }
}

/** Pipedrive (OAuth 2, `AUTH_PIPEDRIVE_ID` / `AUTH_PIPEDRIVE_SECRET`); scopes set on the app. */
export default function Pipedrive(options: OAuthUserConfig<PipedriveProfile> = {}): OAuthConfig<PipedriveProfile> {
  return {
    id: "pipedrive",
    name: "Pipedrive",
    type: "oauth",
    authorization: "https://oauth.pipedrive.com/oauth/authorize",
    token: "https://oauth.pipedrive.com/oauth/token",
    userinfo: "https://api.pipedrive.com/users/me",
    profile({ data: user }) {
      return { id: user.id.toString(), name: user.name, email: user.email, image: user.icon_url }
    },
    options,
  }
}
