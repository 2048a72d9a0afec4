import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import huggingfaceMark from "./brand-marks/huggingface.js"

/** Claims of a "Sign in with Hugging Face" ID token. */
export interface HuggingfaceProfile extends ProviderClaims {
  sub: string
  name?: string
  preferred_username?: string
  profile?: string
  picture?: string
  website?: string
  email?: string
  email_verified?: boolean
  isPro: boolean
  canPay?: boolean
  orgs?: Array<{ sub: string; name: string; picture: string; preferred_username: string; isEnterprise: boolean }>
}

/**
 * Hugging Face (OpenID Connect, `AUTH_HUGGINGFACE_ID` / `AUTH_HUGGINGFACE_SECRET`).
 * The email claim needs the `email` scope, which the default `openid profile email` includes.
 */
export default function Huggingface(options: OAuthUserConfig<HuggingfaceProfile> = {}): OIDCConfig<HuggingfaceProfile> {
  return {
    id: "huggingface",
    name: "Hugging Face",
    type: "oidc",
    issuer: "https://huggingface.co",
    checks: ["state", "pkce"],
    style: { mark: huggingfaceMark, bg: "#FFD21E", text: "#000" },
    options,
  }
}
