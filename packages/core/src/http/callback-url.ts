import type { CallbacksOptions } from "../types.js"

/**
 * The URL to land on after this flow: the posted or queried `callbackUrl`, else the one kept in
 * the callback-url cookie, else the site's origin — always passed through the `redirect`
 * callback, and never anything but an http(s) URL (a `javascript:` URL in a client's
 * `location.href` would run script).
 */
export async function resolveCallbackUrl(
  candidates: (unknown | undefined)[],
  origin: string,
  redirect: Required<CallbacksOptions>["redirect"],
): Promise<string> {
  for (const candidate of candidates) {
    if (typeof candidate !== "string" || !candidate || !isHttpUrl(candidate, origin)) continue
    const result = await redirect({ url: candidate, baseUrl: origin })
    if (typeof result === "string" && isHttpUrl(result, origin)) return headerSafe(result, origin)
    return origin
  }
  return origin
}

/**
 * The URL as it may go into a Location header. Control characters (CR/LF would split the
 * header, and make Headers throw) and non-Latin-1 characters (Headers refuses them) are
 * left to the URL parser, which drops or percent-encodes them; clean values stay as written.
 */
function headerSafe(value: string, origin: string): string {
  return /[^\x21-\x7e]/.test(value) ? new URL(value, origin).href : value
}

function isHttpUrl(value: string, origin: string): boolean {
  if (value.length > 4096) return false
  try {
    const { protocol } = new URL(value, origin)
    return protocol === "http:" || protocol === "https:"
  } catch {
    return false
  }
}

/** A page path (`pages.*` or a built-in one) as an absolute URL on this origin, `params` appended to its query. */
export function appPageUrl(page: string, params: Record<string, string>, options: { url: URL }): string {
  const absolute = page.startsWith("/") ? `${options.url.origin}${page}` : page
  const query = new URLSearchParams(params).toString()
  if (!query) return absolute
  return `${absolute}${absolute.includes("?") ? "&" : "?"}${query}`
}
