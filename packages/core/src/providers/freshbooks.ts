import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"

/** `GET /auth/api/v1/users/me` of the FreshBooks API. */
export interface FreshbooksProfile extends ProviderClaims {
  response: {
    id: number
    first_name: string
    last_name: string
    email: string
    [field: string]: unknown
  }
}

/** FreshBooks (OAuth 2, `AUTH_FRESHBOOKS_ID` / `AUTH_FRESHBOOKS_SECRET`); no profile picture. */
export default function Freshbooks(options: OAuthUserConfig<FreshbooksProfile> = {}): OAuthConfig<FreshbooksProfile> {
  return {
    id: "freshbooks",
    name: "Freshbooks",
    type: "oauth",
    authorization: "https://auth.freshbooks.com/service/auth/oauth/authorize",
    token: "https://api.freshbooks.com/auth/oauth/token",
    userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
    profile({ response: user }) {
      // FreshBooks ids are numbers; account ids are stored as strings.
      return { id: String(user.id), name: `${user.first_name} ${user.last_name}`, email: user.email, image: null }
    },
    style: { bg: "#0075dd", text: "#fff" },
    options,
  }
}
