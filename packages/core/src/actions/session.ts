import type { InternalOptions } from "../config/internal-options.js"
import { MissingCSRF } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { readDatabaseSession } from "../session/database-session.js"
import { readJwtSession } from "../session/jwt-session.js"
import type { ResponseInternal, Session } from "../types.js"

/** GET /session reads the session; POST /session updates it (trigger "update"). */
export async function session(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal<Session | null>> {
  let update: { data: unknown } | undefined
  if (request.method === "POST") {
    if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a session update")
    update = { data: request.body?.data }
  }
  const read = options.session.strategy === "jwt" ? readJwtSession : readDatabaseSession
  const response = await read(request.cookies, options, update)
  // An update answers with the new session, not the lookup's no-cache headers (as Auth.js).
  if (update) response.headers = { "Content-Type": "application/json" }
  return response
}
