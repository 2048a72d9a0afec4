/** A page path (`pages.*` or a built-in one) as an absolute URL on this origin, `params` appended to its query. */
export function appPageUrl(page: string, params: Record<string, string>, options: { url: URL }): string {
  const absolute = page.startsWith("/") ? `${options.url.origin}${page}` : page
  const query = new URLSearchParams(params).toString()
  if (!query) return absolute
  return `${absolute}${absolute.includes("?") ? "&" : "?"}${query}`
}
