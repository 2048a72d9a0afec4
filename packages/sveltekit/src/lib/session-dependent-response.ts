import { markPrivate } from "@gatehouse/core/integration"
import type { RequestEvent } from "@sveltejs/kit"
import { requestState } from "./request-state.js"

/** Remembers that this request's response will carry auth cookies (a new, refreshed or cleared session). */
export function noteAuthCookiesWritten(event: RequestEvent): void {
  requestState(event).wroteAuthCookies = true
}

/**
 * A response that sets session cookies must never be stored by a shared cache and replayed to
 * someone else (the class of auth0/nextjs-auth0#2100). SvelteKit adds no caching headers of its
 * own, and an app's `setHeaders` cannot know whether the session was refreshed on the way, so
 * the handle marks such responses private after the app has answered (core's `markPrivate`).
 */
export function keepPrivateIfSessionWritten(event: RequestEvent, response: Response): Response {
  if (!requestState(event).wroteAuthCookies) return response
  try {
    markPrivate(response.headers)
    return response
  } catch {
    // Headers of a response passed through from fetch() are immutable: copy it.
    const copy = new Response(response.body, response)
    markPrivate(copy.headers)
    return copy
  }
}
