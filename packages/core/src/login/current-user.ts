import type { AdapterSession, AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { readSessionCookie } from "../http/session-chunks.js"
import { readJwtSessionToken } from "../session/jwt-session-token.js"
import { adapterUserIdOf } from "../session/adapter-user-id-of.js"

/**
 * Who is signed in already, judged from the incoming session cookie (for account linking and
 * passkey registration). A JWT session is read as GET /session reads it (session/jwt-session-token.ts):
 * a revoked session, an unverified user's token once the address's owner proved it, or a session
 * the app's jwt callback refuses (a banned user) is nobody, so none of them can attach a new way
 * in to the user.
 */
export async function currentUser(
  cookies: Record<string, string>,
  options: InternalOptions,
): Promise<{ user: AdapterUser | null; session: AdapterSession | null; sessionToken?: string }> {
  const adapter = options.adapter!
  const sessionToken = readSessionCookie(cookies, options.cookies.sessionToken.name)
  if (!sessionToken) return { user: null, session: null }
  if (options.session.strategy === "jwt") {
    try {
      const read = await readJwtSessionToken(sessionToken, options)
      if (!read.signedIn) return { user: null, session: null, sessionToken }
      const userId = await adapterUserIdOf(read, options)
      const user = userId ? await adapter.getUser(userId) : null
      return { user, session: null, sessionToken }
    } catch {
      // An unreadable cookie means nobody is signed in.
      return { user: null, session: null, sessionToken }
    }
  }
  const found = await adapter.getSessionAndUser(sessionToken)
  if (!found || new Date(found.session.expires).valueOf() < Date.now()) return { user: null, session: null, sessionToken }
  return { user: found.user, session: found.session, sessionToken }
}
