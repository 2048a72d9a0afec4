/**
 * A same-origin absolute URL as a path, so that Next's `redirect()` from a server action navigates inside
 * the app (and refreshes server components and a mounted SessionProvider) instead of reloading the page.
 */
export function appRelativeUrl(url: string, origin: string): string {
  try {
    const parsed = new URL(url)
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : url
  } catch {
    return url
  }
}
