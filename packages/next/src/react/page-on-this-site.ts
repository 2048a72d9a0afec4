"use client"

/**
 * Where the browser may go when the server's answer named no target: `url` if it is a page of
 * this site, else the current page. The server checks a `redirectTo` when it answers; when it did
 * not (a request it refused as too large, a failure), the value is as untrusted as the address it
 * was read from, and a `javascript:` URL there would run on this origin.
 */
export function pageOnThisSite(url: string): string {
  try {
    const target = new URL(url, window.location.href)
    const isPage = target.protocol === "http:" || target.protocol === "https:"
    if (isPage && target.origin === window.location.origin) return target.href
  } catch {
    // Not a URL at all: stay.
  }
  return window.location.href
}
