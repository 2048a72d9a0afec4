import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import coinbaseMark from "./brand-marks/coinbase.js"

/** `GET /v2/user` of the Coinbase API. */
export interface CoinbaseProfile extends ProviderClaims {
  data: {
    id: string
    name: string
    username: string | null
    email?: string
    avatar_url: string
    profile_location?: string | null
    resource?: string
    [field: string]: unknown
  }
}

/** Coinbase (OAuth 2, `AUTH_COINBASE_ID` / `AUTH_COINBASE_SECRET`), scopes `wallet:user:email wallet:user:read`. */
export default function Coinbase(options: OAuthUserConfig<CoinbaseProfile> = {}): OAuthConfig<CoinbaseProfile> {
  return {
    id: "coinbase",
    name: "Coinbase",
    type: "oauth",
    authorization: "https://login.coinbase.com/oauth2/auth?scope=wallet:user:email+wallet:user:read",
    token: "https://login.coinbase.com/oauth2/token",
    userinfo: "https://api.coinbase.com/v2/user",
    profile({ data: user }) {
      return { id: user.id, name: user.name, email: user.email, image: user.avatar_url }
    },
    style: { mark: coinbaseMark, brandColor: "#0052ff" },
    options,
  }
}
