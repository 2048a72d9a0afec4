import type { Profile } from "../shared-types.js"
import { fetchProviderJson } from "./fetch-provider-json.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import todoistMark from "./brand-marks/todoist.js"

/** The `user` resource of the Todoist Sync API. */
export interface TodoistProfile extends ProviderClaims {
  id: string
  email: string
  full_name: string
  avatar_big: string
}

/**
 * Todoist (OAuth 2, `AUTH_TODOIST_ID` / `AUTH_TODOIST_SECRET`), scope `data:read`; the secret goes
 * in the body. The user is read through the Sync API (one POST asking for the `user` resource).
 */
export default function Todoist(options: OAuthUserConfig<TodoistProfile> = {}): OAuthConfig<TodoistProfile> {
  return {
    id: "todoist",
    name: "Todoist",
    type: "oauth",
    authorization: {
      url: "https://todoist.com/oauth/authorize",
      params: { scope: "data:read" },
    },
    token: "https://todoist.com/oauth/access_token",
    userinfo: {
      // Auth.js gives no URL here, which its own endpoint check then rejects; this one is the one called.
      url: "https://api.todoist.com/sync/v9/sync",
      async request({ tokens, provider }) {
        const answer = (await fetchProviderJson(provider, provider.userinfo!.url, {
          accessToken: tokens.access_token,
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ sync_token: "*", resource_types: '["user"]' }),
        })) as { user?: TodoistProfile }
        if (!answer.user) throw new Error("Todoist: the sync answer carries no user")
        return answer.user as Profile
      },
    },
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile(profile) {
      return { id: profile.id, email: profile.email, name: profile.full_name, image: profile.avatar_big }
    },
    style: { mark: todoistMark, text: "#000", bg: "#E44332" },
    options,
  }
}
