import type { InternalOptions } from "../providers/types.js"
import { appPageUrl } from "../http/app-page-url.js"

/** Where a signed-in user goes: the new-user page the first time (when the app has one), else back. */
export function landingUrl(isNewUser: boolean, options: InternalOptions): string {
  const newUserPage = options.pages.newUser
  if (!isNewUser || !newUserPage) return options.callbackUrl
  return appPageUrl(newUserPage, { callbackUrl: options.callbackUrl }, options)
}
