import { accountPageUrl } from "./account-answer.js"
import type { InternalOptions } from "../providers/types.js"
import { OAuthAccountNotLinked } from "../errors.js"

/** The account page's code for a link refused because the account belongs to another user (docs/account.md). */
export const accountTakenCode = "account-taken"

/**
 * Where a refused link lands when it was started from the account page (`POST {basePath}/account/link/<id>`,
 * which makes the account page the flow's callback URL): back there, with `?error=account-taken`, rather
 * than on the sign-in page a signed-in user has no use for. Only for the refusal of a signed-in user's
 * link (the account belongs to another user): nothing was written, so both users are as they were.
 * Undefined otherwise: the error goes on to the sign-in page as before.
 */
export function refusedLinkLanding(error: unknown, options: InternalOptions): string | undefined {
  if (!options.account || !(error instanceof OAuthAccountNotLinked) || error.cause?.reason !== "other-user") return undefined
  const page = new URL(accountPageUrl(options))
  if (options.callbackUrl !== page.href) return undefined
  page.searchParams.set("error", accountTakenCode)
  return page.href
}
