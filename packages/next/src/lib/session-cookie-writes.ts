/**
 * Which handler wrapped by `auth(...)` wrote a session cookie through `next/headers` (`signIn`,
 * `signOut`, `unstable_update`, `sessions.revoke*` inside it). Next merges those cookies into the
 * handler's own Response and offers no way to change that Response's other headers, so the wrapper
 * asks here afterwards and makes its answer private (see authorizeRequest). Per request through
 * AsyncLocalStorage: concurrent requests in one process each see only their own writes.
 */
import { AsyncLocalStorage } from "node:async_hooks"
import { isRedirectError, responseForRedirectError } from "./is-redirect-error.js"

interface CookieWriteScope {
  written: boolean
}

const scope = new AsyncLocalStorage<CookieWriteScope>()

/**
 * Runs `handler`, telling afterwards whether it wrote a session cookie. A handler that wrote one and
 * then redirected (`signIn`/`signOut` redirect by throwing Next's redirect error) gets that redirect
 * as a Response, which the caller can mark private; any other error goes through untouched.
 */
export async function trackSessionCookieWrites<T>(handler: () => PromiseLike<T> | T): Promise<{ result: T | Response; written: boolean }> {
  const state: CookieWriteScope = { written: false }
  try {
    return { result: await scope.run(state, handler), written: state.written }
  } catch (error) {
    if (state.written && isRedirectError(error)) return { result: responseForRedirectError(error), written: true }
    throw error
  }
}

/** Notes that the current request writes a session cookie; outside a wrapped handler nobody asks. */
export function noteSessionCookieWrite(): void {
  const state = scope.getStore()
  if (state) state.written = true
}
