import type { RequestEventCommon } from "@builder.io/qwik-city"
import { QWIK_BASE_PATH } from "./set-env-defaults.js"

/** Content types a cross-site page can post without a CORS preflight. */
const SIMPLE_CONTENT_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]

/**
 * Refuses a cross-site form post to `/auth/*` with 403.
 *
 * Core's CSRF token is switched off for Qwik (as upstream does) on the ground that Qwik City
 * checks the `Origin` of form posts — but Qwik only checks posts to its own routes, and
 * `/auth/*` is not one. Without this check any site could post a form that signs the visitor
 * out, or into an attacker's account with credentials. Same rule as Qwik's own check.
 */
export function checkFormOrigin(event: Pick<RequestEventCommon, "method" | "request" | "url" | "error">): void {
  if (event.method !== "POST") return
  // The identity provider's server posts logout tokens here, without an Origin: the signed token is
  // the only credential, cookies are not read, so a cross-site post can do nothing a direct one cannot.
  if (event.url.pathname.startsWith(`${QWIK_BASE_PATH}/backchannel-logout/`)) return
  const contentType = (event.request.headers.get("content-type") ?? "").toLowerCase()
  const isSimple = !contentType || SIMPLE_CONTENT_TYPES.some((type) => contentType.startsWith(type))
  if (!isSimple) return
  const origin = event.request.headers.get("origin")
  if (origin === event.url.origin) return
  throw event.error(
    403,
    `CSRF check failed: cross-site form posts to /auth are forbidden (origin "${origin}" is not "${event.url.origin}").`,
  )
}
