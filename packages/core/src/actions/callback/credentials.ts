import type { InternalOptions } from "../../config/internal-options.js"
import { CallbackRouteError, CredentialsSignin, MissingCSRF, AuthError } from "../../errors.js"
import { emitEvent } from "../../events/emit-event.js"
import type { RequestInternal } from "../../http/request-internal.js"
import { runSignInCallback } from "../../login/run-sign-in-callback.js"
import { startSession } from "../../session/start-session.js"
import type { AdapterAccount, AdapterSession, AdapterUser } from "../../adapters.js"
import { undoNewUser } from "../../login/undo-new-user.js"
import { readSessionCookie } from "../../http/session-chunks.js"
import type { Account, ResponseInternal, User } from "../../types.js"

/**
 * POST /callback/<credentials id>: the app's `authorize` decides. With the jwt strategy no adapter
 * is called, as in Auth.js; with database sessions the user gets a session row.
 */
export async function credentialsCallback(
  request: RequestInternal,
  options: InternalOptions<"credentials">,
): Promise<ResponseInternal> {
  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a credentials sign-in")
  const provider = options.provider
  const credentials = request.body ?? {}

  let user: User | null
  try {
    user = await provider.authorize(credentials, authorizeRequest(request, credentials))
  } catch (error) {
    if (error instanceof AuthError) throw error
    throw new CallbackRouteError(error as Error, { provider: provider.id })
  }
  if (!user) throw new CredentialsSignin()

  const id = user.id === undefined || user.id === null ? crypto.randomUUID() : String(user.id)
  user = { ...user, id }
  const account: Account = { providerAccountId: id, type: "credentials", provider: provider.id }
  const redirect = await runSignInCallback({ user, account, credentials: credentials as any }, options)
  if (redirect) return { redirect }

  if (options.session.strategy === "database" && options.adapter) {
    const { user: stored, databaseSession } = await storeCredentialsLogin(user, request.cookies, options)
    const cookies = await startSession({ user: stored, account, databaseSession }, request.cookies, options)
    await emitEvent(options, "signIn", { user: stored, account })
    return { redirect: options.callbackUrl, cookies }
  }
  const cookies = await startSession({ user, account }, request.cookies, options, true)
  await emitEvent(options, "signIn", { user, account })
  return { redirect: options.callbackUrl, cookies }
}

/**
 * Credentials with database sessions (Auth.js refuses them): the user `authorize` returned is
 * found in the adapter by the credentials account that links `authorize`'s id to it, then by id,
 * then by e-mail, or created there (and linked, so an adapter that makes its own ids, or a user
 * without an e-mail address, is found again next time); then a session row is made like for any
 * other sign-in, replacing whatever session the browser had. A user created here is removed
 * again if a later step fails.
 */
async function storeCredentialsLogin(
  user: User,
  cookies: Record<string, string>,
  options: InternalOptions<"credentials">,
): Promise<{ user: AdapterUser; databaseSession: AdapterSession }> {
  const adapter = options.adapter!
  const { user: stored, created } = await findOrCreateCredentialsUser(user, options)
  try {
    const previous = readSessionCookie(cookies, options.cookies.sessionToken.name)
    if (previous) await adapter.deleteSession(previous)
    const databaseSession = await adapter.createSession({
      sessionToken: options.session.generateSessionToken(),
      userId: stored.id,
      expires: new Date(Date.now() + options.session.maxAge * 1000),
    })
    return { user: stored, databaseSession }
  } catch (error) {
    // A user created for a sign-in that then failed would be left without a way in.
    if (created) await undoNewUser(stored.id, options)
    throw error
  }
}

/**
 * The stored user behind a credentials sign-in: by its `credentials` account, then by id, then by
 * e-mail (linking the account), or newly created. When two first sign-ins of the same person race,
 * the loser's insert conflicts: its half is undone and the winner's user is looked up instead.
 */
async function findOrCreateCredentialsUser(
  user: User,
  options: InternalOptions<"credentials">,
): Promise<{ user: AdapterUser; created: boolean }> {
  const adapter = options.adapter!
  const id = user.id!
  const accountKey = { provider: options.provider.id, providerAccountId: id }
  const lookUp = async () =>
    (await adapter.getUserByAccount(accountKey)) ?? (await adapter.getUser(id)) ?? null
  const known = await lookUp()
  if (known) return { user: known, created: false }

  let created: AdapterUser | undefined
  try {
    let stored = user.email ? await adapter.getUserByEmail(user.email) : null
    if (!stored) {
      stored = created = await adapter.createUser({ ...user, id, email: user.email ?? null, emailVerified: null } as AdapterUser)
    }
    await adapter.linkAccount({ ...accountKey, type: "credentials", userId: stored.id } as unknown as AdapterAccount)
    if (created) await emitEvent(options, "createUser", { user: created })
    return { user: stored, created: !!created }
  } catch (error) {
    if (created) await undoNewUser(created.id, options)
    const winner = (await lookUp()) ?? (user.email ? await adapter.getUserByEmail(user.email) : null)
    if (winner) return { user: winner, created: false }
    throw error
  }
}

/** The `Request` handed to `authorize`: the callback URL, the caller's headers, a JSON body. */
function authorizeRequest(request: RequestInternal, credentials: Record<string, unknown>): Request {
  const headers = new Headers(request.headers)
  headers.delete("content-length")
  headers.set("content-type", "application/json")
  return new Request(request.url, { method: "POST", headers, body: JSON.stringify(credentials) })
}
