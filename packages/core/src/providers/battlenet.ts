import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import battlenetMark from "./brand-marks/battlenet.js"

/** Claims of a Battle.net ID token. */
export interface BattleNetProfile extends ProviderClaims {
  sub: string
  battle_tag: string
}

/** The regional Battle.net issuers; one of them must be given as `issuer`. */
export type BattleNetIssuer =
  | "https://oauth.battle.net"
  | "https://oauth.battlenet.com.cn"
  | "https://www.battlenet.com.cn/oauth"
  | `https://${"us" | "eu" | "kr" | "tw"}.battle.net/oauth`

export interface BattleNetOptions extends Omit<OAuthUserConfig<BattleNetProfile>, "issuer"> {
  issuer?: BattleNetIssuer
}

/**
 * Battle.net (OpenID Connect, `AUTH_BATTLENET_ID` / `AUTH_BATTLENET_SECRET` / `AUTH_BATTLENET_ISSUER`).
 * Battle.net shares no email, so users are named by their BattleTag.
 */
export default function BattleNet(options: BattleNetOptions = {}): OIDCConfig<BattleNetProfile> {
  return {
    id: "battlenet",
    name: "Battle.net",
    type: "oidc",
    profile(profile) {
      return { id: profile.sub, name: profile.battle_tag, email: null, image: null }
    },
    style: { mark: battlenetMark, bg: "#148eff", text: "#fff" },
    options,
  }
}
