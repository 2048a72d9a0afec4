import type { RequestEventAction, RequestEventCommon } from "@builder.io/qwik-city"
import type { ActionSucceeded } from "./types.js"

/** Qwik City's client runs a `<Form>` action through `<page>/q-data.json` when JavaScript is on. */
function isClientDataRequest(event: RequestEventAction): boolean {
  return new URL(event.request.url).pathname.endsWith("/q-data.json")
}

/**
 * Sends the browser on to `target` after an action, which may be another site (the OAuth
 * provider) or this one.
 *
 * A plain form post gets a 303. A client-side action must not: Qwik City 1.x answers a
 * client-data request that redirects to an absolute URL with a 404 (QwikDev/qwik#6688), and a
 * fetch cannot follow a redirect to the provider anyway. Its client does follow a `Location`
 * handed back with the data (it sets `location.href`), so the action succeeds with
 * `{ failed: undefined }` and leaves the target there.
 */
export function redirectFromAction(event: RequestEventAction, target: string): ActionSucceeded {
  if (isClientDataRequest(event)) {
    event.headers.set("Location", target)
    return { failed: undefined }
  }
  // 303: the browser follows a form post with a GET, and nothing caches it (upstream's 301 is cacheable).
  throw event.redirect(303, target)
}

/** Where an action sends the browser when the form names no target: back to the page it was on. */
export function defaultRedirectTo(event: RequestEventCommon): string {
  const url = new URL(event.url)
  url.searchParams.delete("qaction")
  return url.href
}
