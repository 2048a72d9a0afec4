/**
 * A same-origin absolute URL as a path, so that Next's `redirect()` from a server action navigates inside
 * the app (and refreshes server components and a mounted SessionProvider) instead of reloading the page.
 *
 * Leading slashes are collapsed: core's default redirect callback turns callbackUrl "//evil.example" into
 * "http://site//evil.example" (as Auth.js does), and Next's router, given that from a server action,
 * navigates to evil.example. One slash keeps the browser on this site.
 */
export function appRelativeUrl(url: string, origin: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.origin !== origin) return url
    const path = parsed.pathname.replace(/^[/\\]+/, "/")
    return `${path}${parsed.search}${parsed.hash}`
  } catch {
    return url
  }
}
