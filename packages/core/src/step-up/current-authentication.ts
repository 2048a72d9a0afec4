import type { InternalOptions } from "../providers/types.js"
import { readSessionCookie } from "../http/session-chunks.js"
import { readJwtSessionToken, unreadableSessionCookie } from "../session-cookie/jwt-session-token.js"
import { liveDatabaseSession } from "../session-cookie/database-session.js"
import { ownerOfToken } from "../sessions/session-owner.js"
import { authenticationOfDatabaseSession, authenticationOfToken, type CurrentAuthentication } from "./session-authentication.js"

export type { CurrentAuthentication }

/**
 * The request's signed-in owner and sign-in record, read from the session cookie itself (the
 * JWT's marks, or the database row), never from what the app's session callback shows: a callback
 * cannot make a session look recent. Read as GET /session reads it (revoked, banned or expired
 * sessions are nobody's). Null when nobody is signed in.
 */
export async function currentAuthentication(
  cookies: Record<string, string>,
  options: InternalOptions,
): Promise<CurrentAuthentication | null> {
  const value = readSessionCookie(cookies, options.cookies.sessionToken.name)
  if (!value) return null
  if (options.session.strategy === "database" && options.adapter) {
    const found = await liveDatabaseSession(value, options.adapter)
    if (!found) return null
    return {
      owner: { kind: "user", userId: String(found.user.id) },
      authentication: authenticationOfDatabaseSession(found.session),
      label: found.user.email ?? found.user.name ?? undefined,
    }
  }
  try {
    const read = await readJwtSessionToken(value, options)
    if (!read.signedIn) return null
    const owner = ownerOfToken(read.token)
    const label =
      typeof read.token.email === "string" ? read.token.email : typeof read.token.name === "string" ? read.token.name : undefined
    return owner ? { owner, authentication: authenticationOfToken(read.decoded), label } : null
  } catch (error) {
    options.logger.error(unreadableSessionCookie(error, "ignored"))
    return null
  }
}
