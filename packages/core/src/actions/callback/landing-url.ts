import type { InternalOptions } from "../../config/internal-options.js"

/** Where a signed-in user goes: the new-user page the first time (when the app has one), else back. */
export function landingUrl(isNewUser: boolean, options: InternalOptions): string {
  const newUserPage = options.pages.newUser
  if (!isNewUser || !newUserPage) return options.callbackUrl
  const separator = newUserPage.includes("?") ? "&" : "?"
  const page = newUserPage.startsWith("/") ? `${options.url.origin}${newUserPage}` : newUserPage
  return `${page}${separator}${new URLSearchParams({ callbackUrl: options.callbackUrl })}`
}
