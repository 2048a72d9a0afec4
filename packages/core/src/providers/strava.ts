import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import stravaMark from "./brand-marks/strava.js"

/** `GET /api/v3/athlete` of the Strava API. */
export interface StravaProfile extends ProviderClaims {
  id: number
  username?: string | null
  firstname: string
  lastname: string
  /** URL of the large profile picture. */
  profile: string
  profile_medium?: string
  city?: string | null
  country?: string | null
}

/**
 * Strava (OAuth 2, `AUTH_STRAVA_ID` / `AUTH_STRAVA_SECRET`), scope `read`; the secret goes in the
 * body. Strava shares no email.
 */
export default function Strava(options: OAuthUserConfig<StravaProfile> = {}): OAuthConfig<StravaProfile> {
  return {
    id: "strava",
    name: "Strava",
    style: { mark: stravaMark },
    type: "oauth",
    authorization: {
      url: "https://www.strava.com/api/v3/oauth/authorize",
      params: { scope: "read", approval_prompt: "auto", response_type: "code" },
    },
    token: { url: "https://www.strava.com/api/v3/oauth/token" },
    userinfo: "https://www.strava.com/api/v3/athlete",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return {
        // Strava ids are numbers; account ids are stored as strings.
        id: String(profile.id),
        name: `${profile.firstname} ${profile.lastname}`,
        email: null,
        image: profile.profile,
      }
    },
    options,
  }
}
