import type { AdapterSession, AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { readSessionCookie } from "../http/session-chunks.js"
import type { Account, Cookie, Profile, User } from "../shared-types.js"
import { startSession } from "../session-cookie/start-session.js"
import type { AuthenticationMark } from "../session-cookie/token-marks.js"

/** Everything a session is made from once every factor of a sign-in is done. */
export interface SessionGrant {
  user: User | AdapterUser
  account: Account | null
  profile?: Profile
  isNewUser?: boolean
  /** A JWT cookie even under the database strategy (credentials whose user the adapter does not hold). */
  forceJwt?: boolean
  /** When and how the user proved who they are: the session's `auth_time` and `amr`. */
  authentication: AuthenticationMark
}

/**
 * The only place a session is made: the database row (for the database strategy) and the cookie
 * that carries it, or the JWT cookie. Called by finishSignIn and nothing else, so that no way to
 * sign in can hand out a session before the gate has decided it may.
 */
export async function issueSession(grant: SessionGrant, cookies: Record<string, string>, options: InternalOptions): Promise<Cookie[]> {
  const forceJwt = grant.forceJwt ?? false
  if (options.session.strategy !== "database" || forceJwt || !options.adapter) {
    return startSession(grant, cookies, options, forceJwt)
  }
  const databaseSession = await createDatabaseSession(grant, cookies, options)
  return startSession({ ...grant, databaseSession }, cookies, options)
}

/**
 * A new row at every sign-in: whatever session the browser had (even one planted in it) ends,
 * so no token chosen before the sign-in becomes the session.
 */
async function createDatabaseSession(
  grant: SessionGrant,
  cookies: Record<string, string>,
  options: InternalOptions,
): Promise<AdapterSession> {
  const adapter = options.adapter!
  const user = grant.user as AdapterUser
  const previous = readSessionCookie(cookies, options.cookies.sessionToken.name)
  if (previous) {
    try {
      await adapter.deleteSession(previous)
    } catch (error) {
      // A token no row has (planted, or already ended) may make an adapter throw; the new cookie replaces it anyway.
      options.logger.debug("issue-session: the previous session could not be deleted", { error: String(error) })
    }
  }
  return adapter.createSession({
    sessionToken: options.session.generateSessionToken(),
    userId: user.id,
    expires: new Date(Date.now() + options.session.maxAge * 1000),
    ...options.sessionRecords?.newSessionMetadata(options, grant.account),
    ...(options.adapterManagesSessions
      ? { authenticatedAt: new Date(grant.authentication.authTime * 1000), authenticationMethods: grant.authentication.methods }
      : {}),
  })
}
