import type { InternalOptions } from "../providers/types.js"
import type { Cookie } from "../shared-types.js"
import { noStoreHeaders } from "../http/session-chunks.js"
import type { Answering } from "../second-factor/second-factor-answer.js"
import type { ResponseInternal } from "../types.js"

/** What an account endpoint answers: a status, an error code (shown on the page), or a JSON body. */
export interface AccountResult {
  status?: number
  error?: string
  /** Said to the page as `?done=` (a form posted from the account page). */
  done?: string
  body?: Record<string, unknown>
  /** Cookies the answer sets (the session cookie holding a changed address). */
  cookies?: Cookie[]
}

/**
 * A JSON answer for `Accept: application/json`, else (a form on the account page) the way back to
 * the account page, with `?error=` or `?done=`. Every answer is private and never stored.
 */
export function accountAnswer(answering: Answering, options: InternalOptions, result: AccountResult): ResponseInternal {
  if (answering.json) {
    const body = result.error ? { error: result.error } : (result.body ?? { ok: true })
    return { status: result.status ?? 200, headers: { ...noStoreHeaders }, body, cookies: result.cookies }
  }
  const page = new URL(accountPageUrl(options))
  if (result.error) page.searchParams.set("error", result.error)
  else if (result.done) page.searchParams.set("done", result.done)
  return { redirect: page.href, headers: { "Cache-Control": "no-store" }, cookies: result.cookies }
}

/** The account page: the app's `pages.account`, else the built-in `{basePath}/account`. */
export function accountPageUrl(options: Pick<InternalOptions, "pages" | "url">): string {
  const custom = options.pages.account
  return custom ? new URL(custom, options.url.origin).href : `${options.url.href.replace(/\/$/, "")}/account`
}
