import { customFetch } from "../auth-options.js"
import type { OAuthConfig, OAuthUserConfig, ProviderClaims } from "./types.js"
import tiktokMark from "./brand-marks/tiktok.js"

/** `GET /v2/user/info/` of the TikTok API (with the fields this provider asks for). */
export interface TiktokProfile extends ProviderClaims {
  data: {
    user: {
      open_id: string
      union_id?: string
      avatar_url: string
      avatar_url_100?: string
      display_name: string
      username?: string
      [field: string]: unknown
    }
  }
  error?: { code: string; message: string; log_id: string }
}

/**
 * TikTok (OAuth 2, `AUTH_TIKTOK_ID` / `AUTH_TIKTOK_SECRET`; the id is TikTok's "client key"),
 * scope `user.info.basic`; the secret goes in the body. TikTok names the client `client_key`
 * instead of `client_id`, in the authorization request and the token request alike.
 * TikTok shares no email.
 */
export default function TikTok(options: OAuthUserConfig<TiktokProfile> = {}): OAuthConfig<TiktokProfile> {
  return {
    id: "tiktok",
    name: "TikTok",
    type: "oauth",
    authorization: {
      url: "https://www.tiktok.com/v2/auth/authorize",
      params: { scope: "user.info.basic", ...(options.clientId ? { client_key: options.clientId } : {}) },
    },
    token: "https://open.tiktokapis.com/v2/oauth/token/",
    userinfo: "https://open.tiktokapis.com/v2/user/info/?fields=open_id,avatar_url,display_name",
    client: { token_endpoint_auth_method: "client_secret_post" },
    profile({ data: { user } }) {
      return { id: user.open_id, name: user.display_name, image: user.avatar_url, email: null }
    },
    [customFetch]: (input, init) => fetchWithClientKey(options[customFetch] ?? globalThis.fetch, options.clientId, input, init),
    style: { mark: tiktokMark, bg: "#000", text: "#fff" },
    options,
  }
}

/** Adds `client_key` to the token request body; every other request passes through. */
async function fetchWithClientKey(
  fetchImpl: typeof fetch,
  clientKey: string | undefined,
  input: string | URL | Request,
  init?: RequestInit,
): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input)
  if (!url.pathname.endsWith("/token/") || clientKey === undefined) return fetchImpl(input, init)
  const body = new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : String(init?.body ?? ""))
  body.set("client_key", clientKey)
  const headers = new Headers(init?.headers)
  headers.set("content-type", "application/x-www-form-urlencoded")
  const response = await fetchImpl(input, { ...init, headers, body: body.toString() })
  // Re-served as plain JSON, as Auth.js does, so only the body and status reach the OAuth client.
  return Response.json(await response.json(), { status: response.status })
}
