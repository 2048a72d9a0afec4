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
    if (typeof result === "string" && isHttpUrl(result, origin)) return result
    return origin
  }
  return origin
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
