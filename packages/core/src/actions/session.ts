import type { InternalOptions } from "../providers/types.js"
import { MissingCSRF } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { readDatabaseSession } from "../session-cookie/database-session.js"
import { readJwtSession } from "../session-cookie/jwt-session.js"
import type { ResponseInternal, Session } from "../types.js"

/** GET /session reads the session; POST /session updates it (trigger "update"). */
export function session(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal<Session | null>> {
  const read = options.session.strategy === "jwt" ? readJwtSession : readDatabaseSession
  // A read is the read's own promise: no extra async frame for the most frequent request.
  if (request.method !== "POST") return read(request.cookies, options)
  return update(request, options, read)
}

async function update(
  request: RequestInternal,
  options: InternalOptions,
  read: typeof readJwtSession,
): Promise<ResponseInternal<Session | null>> {
  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a session update")
  const response = await read(request.cookies, options, { data: request.body?.data })
  // An update answers with the new session, not the lookup's no-cache headers (as Auth.js).
  response.headers = { "Content-Type": "application/json" }
  return response
}
