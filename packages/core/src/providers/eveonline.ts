import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"

/** `GET /oauth/verify` of EVE Online SSO: the character the token belongs to. */
export interface EVEOnlineProfile extends ProviderClaims {
  CharacterID: number
  CharacterName: string
  ExpiresOn: string
  Scopes: string
  TokenType: string
  CharacterOwnerHash: string
  IntellectualProperty: string
}

/**
 * EVE Online (OAuth 2 with state, `AUTH_EVEONLINE_ID` / `AUTH_EVEONLINE_SECRET`), scope
 * `publicData`. Users are characters: named after them, pictured by their portrait, no email.
 */
export default function EVEOnline(options: OAuthUserConfig<EVEOnlineProfile> = {}): OAuthConfig<EVEOnlineProfile> {
  return {
    id: "eveonline",
    name: "EVE Online",
    type: "oauth",
    authorization: "https://login.eveonline.com/v2/oauth/authorize?scope=publicData",
    token: "https://login.eveonline.com/v2/oauth/token",
    userinfo: "https://login.eveonline.com/oauth/verify",
    checks: ["state"],
    profile(profile) {
      return {
        id: String(profile.CharacterID),
        name: profile.CharacterName,
        email: null,
        image: `https://image.eveonline.com/Character/${profile.CharacterID}_128.jpg`,
      }
    },
    options,
  }
}
