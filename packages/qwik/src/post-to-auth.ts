import type { RequestEventAction } from "@builder.io/qwik-city"
import { Auth } from "@gatehouse/core"
import { forwardedHeaders } from "@gatehouse/core/integration"
import { applySetCookies } from "./parse-set-cookie.js"
import type { QwikAuthConfig } from "./types.js"

/**
 * Posts a form to one of core's endpoints on behalf of an action and returns where core wants
 * the browser to go. Core is asked for that target as JSON (`X-Auth-Return-Redirect`) so the
 * action can redirect itself — or, when the target is an error page, report the failure on
 * the page instead. Cookies core sets (session, PKCE, state…) go onto Qwik's response.
 */
export async function postToAuth(
  event: RequestEventAction,
  config: QwikAuthConfig,
  pathWithQuery: string,
  form: URLSearchParams,
): Promise<string | undefined> {
  const headers = forwardedHeaders(event.request.headers)
  headers.set("x-auth-return-redirect", "1")
  const request = new Request(new URL(pathWithQuery, event.request.url), { method: "POST", headers, body: form })
  const response = await Auth(request, config)
  applySetCookies(response.headers.getSetCookie(), event)
  const body: unknown = await response.json().catch(() => null)
  const url = body && typeof body === "object" ? (body as { url?: unknown }).url : undefined
  return typeof url === "string" ? url : undefined
}
