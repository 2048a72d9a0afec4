import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import zohoMark from "./brand-marks/zoho.js"

/** `GET /oauth/user/info` of Zoho Accounts. */
export interface ZohoProfile extends ProviderClaims {
  ZUID: number | string
  First_Name: string
  Last_Name: string
  Display_Name?: string
  Email: string
}

/**
 * Zoho (OAuth 2, `AUTH_ZOHO_ID` / `AUTH_ZOHO_SECRET`), scope `AaaServer.profile.Read`, on the US
 * data centre (`accounts.zoho.com`); other regions override the three URLs.
 */
export default function Zoho(options: OAuthUserConfig<ZohoProfile> = {}): OAuthConfig<ZohoProfile> {
  return {
    id: "zoho",
    name: "Zoho",
    style: { mark: zohoMark },
    type: "oauth",
    authorization: "https://accounts.zoho.com/oauth/v2/auth?scope=AaaServer.profile.Read",
    token: "https://accounts.zoho.com/oauth/v2/token",
    userinfo: "https://accounts.zoho.com/oauth/user/info",
    profile(profile) {
      // Zoho user ids are numbers; account ids are stored as strings.
      return { id: String(profile.ZUID), name: `${profile.First_Name} ${profile.Last_Name}`, email: profile.Email, image: null }
    },
    options,
  }
}
