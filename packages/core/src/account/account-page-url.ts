import type { InternalOptions } from "../providers/types.js"

/** The account page: the app's `pages.account`, else the built-in `{basePath}/account`. */
export function accountPageUrl(options: Pick<InternalOptions, "pages" | "url">): string {
  const custom = options.pages.account
  return custom ? new URL(custom, options.url.origin).href : `${options.url.href.replace(/\/$/, "")}/account`
}
