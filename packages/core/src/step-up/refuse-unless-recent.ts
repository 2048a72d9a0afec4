import type { InternalOptions } from "../providers/types.js"
import type { ResponseInternal } from "../types.js"
import {
  type RecentAuthenticationNeed,
  type RecentAuthenticationRefusal,
  checkRecentAuthentication,
} from "./check-recent-authentication.js"
import { currentAuthentication } from "./current-authentication.js"

/** What a sensitive request asks; `maxAge` defaults to `session.freshAge`. */
export interface StepUpNeed extends RecentAuthenticationNeed {
  /** Where a page goes back to once re-authenticated. Default: the request's own URL. */
  callbackUrl?: string
}

/** The request as the step-up check needs it. */
export interface StepUpRequest {
  url: URL
  method: string
  headers: Headers
  cookies: Record<string, string>
}

/**
 * The one step-up check: null when the request's session signed in recently enough (and with a
 * second factor when asked), else the answer that refuses it. A page (a request that accepts
 * `text/html`) is sent to `{basePath}/reauthenticate`, which brings it back to `callbackUrl`; an API
 * gets RFC 9470's `401` with `WWW-Authenticate: Bearer error="insufficient_user_authentication"`
 * (and `max_age`). Reads the session cookie itself (current-authentication.ts), so the app's
 * callbacks cannot make a sign-in look recent.
 */
export async function refuseUnlessRecent(
  request: StepUpRequest,
  options: InternalOptions,
  need: StepUpNeed = {},
): Promise<ResponseInternal<InsufficientUserAuthentication> | null> {
  const maxAge = need.maxAge ?? options.session.freshAge
  const current = await currentAuthentication(request.cookies, options)
  const check = checkRecentAuthentication(current && { authentication: current.authentication }, {
    maxAge,
    secondFactor: need.secondFactor,
  })
  if (check.ok) return null
  options.logger.debug("step-up: refused", { reason: check.reason, maxAge })
  if (wantsPage(request.headers)) {
    const callbackUrl = need.callbackUrl ?? request.url.href
    return { redirect: reauthenticateUrl(options.url, { callbackUrl, maxAge, secondFactor: need.secondFactor }), cookies: [] }
  }
  return insufficientUserAuthentication(check.reason, maxAge)
}

/** The JSON body of a refusal (RFC 9470 §3). */
export interface InsufficientUserAuthentication {
  error: "insufficient_user_authentication"
  error_description: string
  max_age: number
}

/** RFC 9470 §3: the resource server's answer to a sign-in too old or too weak for the request. */
export function insufficientUserAuthentication(
  reason: RecentAuthenticationRefusal,
  maxAge: number,
): ResponseInternal<InsufficientUserAuthentication> {
  const description = descriptions[reason]
  return {
    status: 401,
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "no-store",
      "WWW-Authenticate": `Bearer error="insufficient_user_authentication", error_description="${description}", max_age=${Math.floor(maxAge)}`,
    },
    body: { error: "insufficient_user_authentication", error_description: description, max_age: Math.floor(maxAge) },
  }
}

const descriptions: Record<RecentAuthenticationRefusal, string> = {
  "no-session": "Sign in first",
  "too-old": "A more recent sign-in is required",
  "second-factor": "A sign-in with a second factor is required",
}

/** A browser navigating (it accepts HTML) gets a page's answer; fetch, curl and API clients get the status. */
function wantsPage(headers: Headers): boolean {
  return (headers.get("accept") ?? "").toLowerCase().includes("text/html")
}

/** `{basePath}/reauthenticate`, with what the step-up asked and where to come back to. */
export function reauthenticateUrl(authUrl: URL, need: { callbackUrl: string; maxAge: number; secondFactor?: boolean }): string {
  const url = new URL(`${authUrl.href.replace(/\/$/, "")}/reauthenticate`)
  url.searchParams.set("callbackUrl", need.callbackUrl)
  url.searchParams.set("maxAge", String(Math.floor(need.maxAge)))
  if (need.secondFactor) url.searchParams.set("secondFactor", "1")
  return url.href
}
