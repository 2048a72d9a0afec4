import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"

/** `GET /api/users/me` of the Concept2 Logbook API. */
export interface Concept2Profile extends ProviderClaims {
  data: {
    id: number
    username: string
    first_name: string
    last_name: string
    email: string
    country: string
    profile_image: string
    gender?: string
    dob?: string
    [field: string]: unknown
  }
}

/** Concept2 Logbook (OAuth 2, `AUTH_CONCEPT2_ID` / `AUTH_CONCEPT2_SECRET`), scope `user:read,results:write`. */
export default function Concept2(options: OAuthUserConfig<Concept2Profile> = {}): OAuthConfig<Concept2Profile> {
  return {
    id: "concept2",
    name: "Concept2",
    type: "oauth",
    authorization: {
      url: "https://log.concept2.com/oauth/authorize",
      params: { scope: "user:read,results:write" },
    },
    token: "https://log.concept2.com/oauth/access_token",
    userinfo: "https://log.concept2.com/api/users/me",
    profile({ data: user }) {
      // Concept2 ids are numbers; account ids are stored as strings.
      return { id: String(user.id), name: user.username, email: user.email, image: user.profile_image }
    },
    options,
  }
}
