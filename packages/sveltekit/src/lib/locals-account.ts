import type { RequestEvent } from "@sveltejs/kit"
import { getAccount, type AccountSummary } from "@gatehouse/core/server"
import type { AuthConfig } from "@gatehouse/core/types"
import { applyAuthCookies } from "./apply-auth-cookies.js"
import type { KitRuntime } from "./kit-runtime.js"
import { readInput } from "./server-input.js"

/**
 * `event.locals.account()`: the signed-in user's account, as `GET /auth/account` answers it in JSON, read
 * by core's `getAccount` from the request's cookies (no request to the app's own route); null when
 * nobody is signed in. Errors are the caller's to see (a config without `account: Account()` throws):
 * as with `locals.sessions`, nothing here guards a page, so failing loudly opens nothing.
 */
export async function localsAccount(event: RequestEvent, config: AuthConfig, runtime: KitRuntime): Promise<AccountSummary | null> {
  if (runtime.building) return null
  const { value, cookies } = await getAccount(readInput(event, config))
  try {
    applyAuthCookies(event, cookies)
  } catch {
    // The response has already begun (a streamed load): SvelteKit refuses cookie writes then.
  }
  return value
}
