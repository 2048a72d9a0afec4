import type { Profile } from "../shared-types.js"
import { fetchProviderJson } from "./fetch-provider-json.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import notionMark from "./brand-marks/notion.js"

/** A Notion user object of type "person". */
export interface NotionProfile extends ProviderClaims {
  object: "user"
  id: string
  type: "person"
  name: string
  avatar_url: string | null
  person: { email: string }
}

/** `GET /v1/users/me` answers with the integration's bot, whose owner is the signed-in user. */
interface NotionBotUser {
  bot?: { owner?: { type?: string; user?: NotionProfile } }
}

export interface NotionOptions extends OAuthUserConfig<NotionProfile> {
  /** The redirect URI registered with the Notion integration, when it differs from the callback URL. */
  redirectUri?: string
}

const notionApiVersion = "2022-06-28"

/**
 * Notion (OAuth 2, `AUTH_NOTION_ID` / `AUTH_NOTION_SECRET`), for public integrations.
 * Notion has no userinfo endpoint: the user is the owner of the bot the token belongs to.
 */
export default function Notion(options: NotionOptions = {}): OAuthConfig<NotionProfile> {
  return {
    id: "notion",
    name: "Notion",
    type: "oauth",
    authorization: {
      url: "https://api.notion.com/v1/oauth/authorize",
      params: {
        response_type: "code",
        owner: "user",
        // Left out when unset, so the client id and callback URL core sends are not overwritten.
        ...(options.clientId ? { client_id: options.clientId } : {}),
        ...(options.redirectUri ? { redirect_uri: options.redirectUri } : {}),
      },
    },
    token: { url: "https://api.notion.com/v1/oauth/token" },
    userinfo: {
      url: "https://api.notion.com/v1/users",
      async request({ tokens, provider }) {
        const usersUrl = String(provider.userinfo!.url).replace(/\/+$/, "")
        const me = (await fetchProviderJson(provider, `${usersUrl}/me`, {
          accessToken: tokens.access_token,
          headers: { "Notion-Version": notionApiVersion },
        })) as NotionBotUser
        const user = me.bot?.owner?.user
        if (!user) throw new Error("Notion: the token's integration is owned by a workspace, not by a user")
        return user as Profile
      },
    },
    profile(profile) {
      return { id: profile.id, name: profile.name, email: profile.person.email, image: profile.avatar_url }
    },
    style: { mark: notionMark, bg: "#fff", text: "#000" },
    options,
  }
}
