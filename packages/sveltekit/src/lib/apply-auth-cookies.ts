import type { Cookies } from "@sveltejs/kit"
import type { Cookie } from "@gatehouse/core/types"

/** Hands cookies core wants set to SvelteKit, which adds them to whatever response the request ends with. */
export function applyAuthCookies(cookies: Cookies, authCookies: Cookie[] | undefined, secureRequest: boolean): void {
  for (const { name, value, options } of authCookies ?? []) {
    cookies.set(name, value, {
      ...options,
      path: options?.path ?? "/",
      // SvelteKit would default to Secure; core already decided per request.
      secure: options?.secure ?? secureRequest,
    })
  }
}
