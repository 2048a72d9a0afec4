import type { OAuthUserConfig, OIDCConfig, ProviderClaims } from "./types.js"
import twitchMark from "./brand-marks/twitch.js"

/** Claims of a Twitch ID token (with the claims this provider requests). */
export interface TwitchProfile extends ProviderClaims {
  iss: string
  sub: string
  aud: string
  preferred_username: string
  email: string
  email_verified?: boolean
  picture: string
}

/**
 * Twitch (OpenID Connect, `AUTH_TWITCH_ID` / `AUTH_TWITCH_SECRET`).
 * Twitch puts email and picture in the ID token only when asked for through `claims`, and its
 * token endpoint answers in a shape OAuth clients reject, which `token.conform` repairs.
 */
export default function Twitch(options: OAuthUserConfig<TwitchProfile> = {}): OIDCConfig<TwitchProfile> {
  return {
    id: "twitch",
    name: "Twitch",
    type: "oidc",
    issuer: "https://id.twitch.tv/oauth2",
    client: { token_endpoint_auth_method: "client_secret_post" },
    authorization: {
      params: {
        scope: "openid user:read:email",
        claims: { id_token: { email: null, picture: null, preferred_username: null } },
      },
    },
    token: { conform: conformTwitchTokenResponse },
    style: { mark: twitchMark, bg: "#65459B", text: "#fff" },
    options,
  }
}

/**
 * Twitch sends `scope` as an array (RFC 6749 wants a space-separated string) and reports errors
 * as `{ status, message }` without the `error` code. Returns a repaired response, or undefined
 * when the original is fine as it is.
 */
async function conformTwitchTokenResponse(response: Response): Promise<Response | undefined> {
  const body = (await response.json()) as Record<string, unknown>
  if (response.ok) {
    if (typeof body.scope === "string") return undefined
    if (Array.isArray(body.scope)) body.scope = body.scope.join(" ")
    else if ("scope" in body) delete body.scope
    else return undefined
    return rebuildJsonResponse(response, body)
  }
  if (typeof body.error === "string") return undefined
  return rebuildJsonResponse(response, { error: "invalid_request", error_description: body.message })
}

/** Same status and headers, new body (length and encoding headers described the old one). */
function rebuildJsonResponse(original: Response, body: unknown): Response {
  const headers = new Headers(original.headers)
  headers.delete("content-length")
  headers.delete("content-encoding")
  return new Response(JSON.stringify(body), { status: original.status, statusText: original.statusText, headers })
}
