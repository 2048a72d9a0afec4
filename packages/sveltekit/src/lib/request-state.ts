import type { RequestEvent } from "@sveltejs/kit"
import type { AuthConfig, Session } from "@gatehouse/core/types"

/** What the auth handle remembers for one request, across its hooks, loads and actions. */
export interface RequestState {
  /** The request's config, resolved once however many of handle, `locals.auth()` and the actions ask. */
  config?: Promise<AuthConfig>
  /** `locals.auth()`'s answer, read once per request until a sign-in or sign-out changes it. */
  session?: Promise<Session | null>
  /** The response will carry auth cookies (a new, refreshed or cleared session): it must stay private. */
  wroteAuthCookies?: boolean
}

// Kept on `locals`, the one object SvelteKit shares across a request's hooks, loads and actions (not
// always the same event object), under a symbol no app code or serializer sees. Not a WeakMap keyed by
// `locals`: one short-lived key per request makes the garbage collector trace every entry as an
// ephemeron, which cost a session read about a third of its time (bench/server-api.mjs). A symbol key
// is left out by Object.keys, for…in and JSON, so `locals` looks to the app as it made it.
const stateKey = Symbol("gatehouse.request-state")

type LocalsWithState = Record<typeof stateKey, RequestState | undefined>

/** This request's state, made on first use. */
export function requestState(event: Pick<RequestEvent, "locals">): RequestState {
  const locals = event.locals as unknown as LocalsWithState
  let state = locals[stateKey]
  if (!state) locals[stateKey] = state = {}
  return state
}
