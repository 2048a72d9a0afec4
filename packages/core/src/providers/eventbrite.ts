import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"

/** `GET /v3/users/me/` of the Eventbrite API. */
export interface EventbriteProfile extends ProviderClaims {
  id: string
  name: string
  first_name: string
  last_name: string
  emails: Array<{ email: string; verified: boolean; primary: boolean }>
  image_id: string | null
}

/**
 * Eventbrite (OAuth 2, `AUTH_EVENTBRITE_ID` / `AUTH_EVENTBRITE_SECRET`), scope `user.profile`;
 * the secret goes in the body. The email is the primary one; the image URL is built from its id.
 */
export default function Eventbrite(options: OAuthUserConfig<EventbriteProfile> = {}): OAuthConfig<EventbriteProfile> {
  return {
    id: "eventbrite",
    name: "Eventbrite",
    type: "oauth",
    authorization: {
      url: "https://www.eventbrite.com/oauth/authorize",
      params: { scope: "user.profile" },
    },
    token: "https://www.eventbrite.com/oauth/token",
    userinfo: "https://www.eventbriteapi.com/v3/users/me/",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return {
        id: profile.id,
        name: profile.name,
        email: profile.emails.find((entry) => entry.primary)?.email,
        image: profile.image_id
          ? `https://img.evbuc.com/https%3A%2F%2Fcdn.evbuc.com%2Fimages%2F${profile.image_id}%2F1%2Foriginal.jpg`
          : null,
      }
    },
    style: { bg: "#f05537", text: "#fff" },
    options,
  }
}
