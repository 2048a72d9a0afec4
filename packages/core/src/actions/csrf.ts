import type { InternalOptions } from "../providers/types.js"
import { expiredCookie } from "../http/session-chunks.js"
import { noStoreHeaders } from "../session-cookie/no-store-headers.js"
import type { ResponseInternal } from "../types.js"

/** GET /csrf: the token for the double-submit check (the cookie is set by the request setup). */
export function csrf(skipped: boolean, options: InternalOptions): ResponseInternal {
  if (skipped) {
    options.logger.warn("csrf-disabled")
    return { status: 404, cookies: [expiredCookie(options.cookies.csrfToken)] }
  }
  return { headers: { ...noStoreHeaders }, body: { csrfToken: options.csrfToken } }
}
