import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import figmaMark from "./brand-marks/figma.js"

/** `GET /v1/me` of the Figma REST API. */
export interface FigmaProfile extends ProviderClaims {
  id: string
  email: string
  handle: string
  img_url: string
}

/** Figma (OAuth 2 with state, `AUTH_FIGMA_ID` / `AUTH_FIGMA_SECRET`), scope `files:read`. */
export default function Figma(options: OAuthUserConfig<FigmaProfile> = {}): OAuthConfig<FigmaProfile> {
  return {
    id: "figma",
    name: "Figma",
    type: "oauth",
    authorization: {
      url: "https://www.figma.com/oauth",
      params: { scope: "files:read" },
    },
    token: "https://api.figma.com/v1/oauth/token",
    userinfo: "https://api.figma.com/v1/me",
    checks: ["state"],
    profile(profile) {
      return { id: profile.id, name: profile.handle, email: profile.email, image: profile.img_url }
    },
    style: { mark: figmaMark, text: "#fff", bg: "#ff7237" },
    options,
  }
}
