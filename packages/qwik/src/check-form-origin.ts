import type { RequestEventCommon } from "@builder.io/qwik-city"
import { isCrossOriginFormPost } from "@gatehouse/core/server"
import { QWIK_BASE_PATH } from "./set-env-defaults.js"

/**
 * Refuses a cross-origin post to `/auth/*` with 403, by core's one rule (isCrossOriginFormPost).
 *
 * Core's CSRF token is switched off for Qwik (as upstream does) on the ground that Qwik City
 * checks the `Origin` of form posts — but Qwik only checks posts to its own routes, and
 * `/auth/*` is not one. Without this check any site could post a form that signs the visitor
 * out, or into an attacker's account with credentials.
 */
export function checkFormOrigin(event: Pick<RequestEventCommon, "method" | "request" | "url" | "error">): void {
  if (!isCrossOriginFormPost(event.request, event.url, QWIK_BASE_PATH)) return
  throw event.error(
    403,
    `CSRF check failed: cross-origin posts to /auth are forbidden (origin "${event.request.headers.get("origin")}" is not "${event.url.origin}").`,
  )
}
