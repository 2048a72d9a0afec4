import type { AdapterSession, AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { readSessionCookie } from "../http/session-chunks.js"
import { isCredentialsToken, isUnverifiedToken, unverifiedTokenStillValid } from "../session/token-marks.js"

/** Who is signed in already, judged from the incoming session cookie (for account linking). */
export async function currentUser(
  cookies: Record<string, string>,
  options: InternalOptions,
): Promise<{ user: AdapterUser | null; session: AdapterSession | null; sessionToken?: string }> {
  const adapter = options.adapter!
  const sessionToken = readSessionCookie(cookies, options.cookies.sessionToken.name)
  if (!sessionToken) return { user: null, session: null }
  if (options.session.strategy === "jwt") {
    try {
      const token = await options.jwt.decode({ ...options.jwt, token: sessionToken, salt: options.cookies.sessionToken.name })
      // A credentials sign-in's sub is authorize's id: no adapter user is behind it.
      const found = token?.sub && !isCredentialsToken(token) ? await adapter.getUser(token.sub) : null
      // Minted before the address's owner proved it: maybe an impostor's, so nobody to link to.
      const user = isUnverifiedToken(token) && !unverifiedTokenStillValid(found) ? null : found
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
