import type { RequestEventCommon } from "@builder.io/qwik-city"

/** Where an action sends the browser when the form names no target: back to the page it was on. */
export function defaultRedirectTo(event: RequestEventCommon): string {
  const url = new URL(event.url)
  url.searchParams.delete("qaction")
  return url.href
}
