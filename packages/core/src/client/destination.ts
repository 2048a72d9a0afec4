/** Where the browser goes after a sign-in or sign-out. */

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

/** Goes to `url`: the session changed, so the page is loaded even when only the hash differs. */
export function navigate(url: string): void {
  window.location.href = url
  // Changing only the hash does not load the page, and the session changed: load it.
  if (url.includes("#")) window.location.reload()
}
