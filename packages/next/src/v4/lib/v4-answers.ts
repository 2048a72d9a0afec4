/**
 * Where next-auth 4's wire format differs from Auth.js v5's, for v4 clients and apps that call
 * the endpoints themselves: the v4 client's `json: true` form field asks for `{ url }` instead of a
 * redirect (v5's X-Auth-Return-Redirect header), `POST /_log` takes client logs, an empty session is
 * `{}` (not null), error codes in URLs are v4's, and `GET /providers` (what `getProviders()` reads)
 * says `oauth` for OpenID Connect providers, as v4 has no `oidc` type.
 */

import { maxBodyBytes, readLimitedBody } from "./read-limited-body.js"

/** v5 error types in `?error=` and their next-auth 4 names; the rest are the same in both. */
const v4ErrorNames: Record<string, string> = {
  OAuthSignInError: "OAuthSignin",
  OAuthCallbackError: "OAuthCallback",
  AccountNotLinked: "OAuthAccountNotLinked",
  EmailSignInError: "EmailSignin",
  CallbackRouteError: "Callback",
}

/** The route after the base path: "session", "signin/github", "_log". */
export function routeOf(request: Request, basePath: string): string {
  const { pathname } = new URL(request.url)
  return pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length + 1) : ""
}

/** The v4 client's `json=true` as v5's header; the body is handed on unchanged. */
export async function asV5Request(request: Request): Promise<Request> {
  if (request.method !== "POST" || request.headers.has("x-auth-return-redirect")) return request
  const type = request.headers.get("content-type") ?? ""
  if (!type.includes("application/x-www-form-urlencoded")) return request
  if (Number(request.headers.get("content-length")) > maxBodyBytes || !request.body) return request
  const body = await readLimitedBody(request.body as unknown as AsyncIterable<Uint8Array>)
  const headers = new Headers(request.headers)
  headers.set("content-length", String(body.byteLength))
  if (new URLSearchParams(new TextDecoder().decode(body)).get("json") === "true") headers.set("x-auth-return-redirect", "1")
  return new Request(request.url, { method: "POST", headers, body, signal: request.signal })
}

/** Core's answer in v4's words. */
export async function asV4Response(response: Response, route: string, method: string): Promise<Response> {
  if (route === "session" && method === "GET" && response.ok) {
    const text = await response.clone().text()
    if (text.trim() === "null" || text.trim() === "") return withBody(response, "{}")
  }
  if (route === "providers" && method === "GET" && response.ok) return withV4ProviderTypes(response)
  const location = response.headers.get("location")
  if (location) {
    const renamed = renameError(location)
    if (renamed !== location) {
      const headers = new Headers(response.headers)
      headers.set("location", renamed)
      return new Response(response.body, { status: response.status, headers })
    }
  }
  if ((response.headers.get("content-type") ?? "").includes("application/json") && method === "POST") {
    const data = await response
      .clone()
      .json()
      .catch(() => undefined)
    if (data && typeof data.url === "string") {
      const renamed = renameError(data.url)
      if (renamed !== data.url) return withBody(response, JSON.stringify({ ...data, url: renamed }))
    }
  }
  return response
}

/**
 * next-auth 4 knows `oauth`, `email` and `credentials`: its OpenID Connect providers (Google, Auth0, a
 * hand-written one with `idToken: true`) are `oauth` with an ID token, where core says `oidc`. A v4 sign-in
 * page that picks its buttons by `provider.type === "oauth"` must still find them.
 */
async function withV4ProviderTypes(response: Response): Promise<Response> {
  const providers = await response
    .clone()
    .json()
    .catch(() => undefined)
  if (!providers || typeof providers !== "object") return response
  let changed = false
  const renamed: Record<string, unknown> = {}
  for (const [id, provider] of Object.entries(providers as Record<string, { type?: unknown }>)) {
    const isOidc = provider && typeof provider === "object" && provider.type === "oidc"
    renamed[id] = isOidc ? { ...provider, type: "oauth" } : provider
    changed ||= Boolean(isOidc)
  }
  return changed ? withBody(response, JSON.stringify(renamed)) : response
}

function renameError(url: string): string {
  const match = /([?&]error=)([A-Za-z]+)/.exec(url)
  const v4Name = match && v4ErrorNames[match[2]]
  if (!match || !v4Name) return url
  return url.slice(0, match.index) + match[1] + v4Name + url.slice(match.index + match[0].length)
}

function withBody(response: Response, body: string): Response {
  const headers = new Headers(response.headers)
  headers.delete("content-length")
  headers.set("content-type", "application/json")
  return new Response(body, { status: response.status, headers })
}
