import type { RequestEvent } from "@sveltejs/kit"
import type { Cookie } from "@gatehouse/core/types"
import { noteAuthCookiesWritten } from "./session-dependent-response.js"

/** Hands cookies core wants set to SvelteKit, which adds them to whatever response the request ends with. */
export function applyAuthCookies(event: RequestEvent, authCookies: Cookie[] | undefined): void {
  if (!authCookies?.length) return
  const secureRequest = event.url.protocol === "https:"
  for (const { name, value, options } of authCookies) {
    event.cookies.set(name, value, {
      ...options,
      path: options?.path ?? "/",
      // SvelteKit would default to Secure; core already decided per request.
      secure: options?.secure ?? secureRequest,
    })
  }
  noteAuthCookiesWritten(event)
}
