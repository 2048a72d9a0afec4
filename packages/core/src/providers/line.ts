import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import lineMark from "./brand-marks/line.js"

/** Claims of a LINE Login ID token. */
export interface LineProfile extends ProviderClaims {
  iss: string
  sub: string
  aud: string
  exp: number
  iat: number
  amr: string[]
  name: string
  picture: string
  email?: string
}

/**
 * LINE (OpenID Connect, `AUTH_LINE_ID` / `AUTH_LINE_SECRET`).
 * LINE signs its ID tokens with the channel secret (HS256), and is checked by state.
 */
export default function Line(options: OAuthUserConfig<LineProfile> = {}): OIDCConfig<LineProfile> {
  return {
    id: "line",
    name: "LINE",
    type: "oidc",
    issuer: "https://access.line.me",
    client: { id_token_signed_response_alg: "HS256" },
    checks: ["state"],
    style: { mark: lineMark, bg: "#00C300", text: "#fff" },
    options,
  }
}
