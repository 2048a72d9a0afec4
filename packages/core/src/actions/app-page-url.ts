import type { InternalOptions } from "../config/internal-options.js"

/** An app-provided page (`pages.*`) as an absolute URL, with `params` appended to its query. */
export function appPageUrl(page: string, params: Record<string, string>, options: Pick<InternalOptions, "url">): string {
  const absolute = page.startsWith("/") ? `${options.url.origin}${page}` : page
  const query = new URLSearchParams(params).toString()
  if (!query) return absolute
  return `${absolute}${absolute.includes("?") ? "&" : "?"}${query}`
}
