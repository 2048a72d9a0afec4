/**
 * Which handler wrapped by `auth(...)` wrote a session cookie through `next/headers` (`signIn`,
 * `signOut`, `unstable_update`, `sessions.revoke*` inside it). Next merges those cookies into the
 * handler's own Response and offers no way to change that Response's other headers, so the wrapper
 * asks here afterwards and makes its answer private (see authorizeRequest). Per request through
 * AsyncLocalStorage: concurrent requests in one process each see only their own writes.
 */
import { AsyncLocalStorage } from "node:async_hooks"

interface CookieWriteScope {
  written: boolean
}

const scope = new AsyncLocalStorage<CookieWriteScope>()

/** Runs `handler`, telling afterwards whether it wrote a session cookie (its error, if any, goes through untouched). */
export async function trackSessionCookieWrites<T>(handler: () => PromiseLike<T> | T): Promise<{ result: T; written: boolean }> {
  const state: CookieWriteScope = { written: false }
  const result = await scope.run(state, handler)
  return { result, written: state.written }
}

/** Notes that the current request writes a session cookie; outside a wrapped handler nobody asks. */
export function noteSessionCookieWrite(): void {
  const state = scope.getStore()
  if (state) state.written = true
}
