import type { InternalOptions, CredentialInput } from "../../providers/types.js"
import { AccountNotLinked, AuthError, CallbackRouteError, CredentialsSignin, MissingCSRF } from "../../errors.js"
import { emitEvent } from "../../config/default-callbacks.js"
import { finishSignIn } from "../../login/finish-sign-in.js"
import type { RequestInternal } from "../../http/request-internal.js"
import { runSignInCallback } from "../../login/run-sign-in-callback.js"
import type { AdapterAccount, AdapterUser } from "../../adapters.js"
import { ownerOfProvenAddress } from "../../login/owner-of-proven-address.js"
import { undoNewUser } from "../../login/handle-login.js"
import type { ResponseInternal } from "../../types.js"
import type { Account, User } from "../../shared-types.js"

/**
 * POST /callback/<credentials id>: the app's `authorize` decides. With the jwt strategy no adapter
 * is called, as in Auth.js; with database sessions the user gets a session row.
 */
export async function credentialsCallback(request: RequestInternal, options: InternalOptions<"credentials">): Promise<ResponseInternal> {
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
  // Auth.js types the posted fields as the provider's input definitions; they are the posted values.
  const redirect = await runSignInCallback({ user, account, credentials: credentials as Record<string, CredentialInput> }, options)
  if (redirect) return { redirect }

  if (options.session.strategy === "database" && options.adapter) {
    const created: { user?: AdapterUser } = {}
    let stored: AdapterUser
    try {
      stored = await findOrCreateCredentialsUser(user as CredentialsUser, options, created)
    } catch (error) {
      // A user created for a sign-in that then failed would be left without a way in.
      if (created.user) await undoNewUser(created.user.id, options)
      throw error
    }
    return finishSignIn(request, { user: stored, account, redirectTo: options.callbackUrl, createdUserId: created.user?.id }, options)
  }
  return finishSignIn(request, { user, account, redirectTo: options.callbackUrl, forceJwt: true }, options)
}

type CredentialsUser = User & { id: string; emailVerified?: Date | boolean | null }

/**
 * The stored user behind a credentials sign-in with database sessions (Auth.js refuses them). `authorize`'s id and the adapter's user ids are
 * different spaces (an app's user 1 is not the adapter's user 1), so the identity is the
 * `credentials` account keyed by that id; a first sign-in creates a new user and links it.
 * An e-mail address another user already has is refused (AccountNotLinked), never linked, unless
 * the provider opts in: `authorizeReturnsAdapterUserId` (the id is the adapter's) or
 * `allowDangerousEmailAccountLinking` with an address `authorize` vouches for.
 */
async function findOrCreateCredentialsUser(
  user: CredentialsUser,
  options: InternalOptions<"credentials">,
  created: { user?: AdapterUser },
): Promise<AdapterUser> {
  const adapter = options.adapter!
  const provider = options.provider
  if (provider.authorizeReturnsAdapterUserId) {
    const known = await adapter.getUser(user.id)
    if (known) return known
    throw new CallbackRouteError(`authorize returned the id "${user.id}", which no adapter user has (authorizeReturnsAdapterUserId)`, {
      provider: provider.id,
    })
  }
  const accountKey = { provider: provider.id, providerAccountId: user.id }
  const byAccount = await adapter.getUserByAccount(accountKey)
  if (byAccount) return byAccount

  const { emailVerified: claimed, ...fields } = user
  const vouched = isVouched(claimed)
  const profile = { ...fields, email: fields.email ?? null, emailVerified: vouched ? new Date() : null } as AdapterUser
  let owner: AdapterUser | null = null
  if (profile.email) {
    const holder = await adapter.getUserByEmail(profile.email)
    if (holder && !(provider.allowDangerousEmailAccountLinking && vouched)) {
      // The same person's first sign-in in another tab may have created the user and not linked it yet.
      const linkedMeanwhile = await accountLinkedSoon(accountKey, options)
      if (linkedMeanwhile) return linkedMeanwhile
      throw new AccountNotLinked("Another user already has the e-mail address authorize returned", { provider: provider.id })
    }
    if (holder) owner = (await ownerOfProvenAddress(profile, options, created)).user
  }
  try {
    if (!owner && adapter.createUserWithAccount) {
      // One transaction where the adapter offers it: an outage cannot leave the user unlinked.
      owner = created.user = await adapter.createUserWithAccount(profile, { ...accountKey, type: "credentials" } as Omit<
        AdapterAccount,
        "userId"
      >)
      await emitEvent(options, "createUser", { user: owner })
      return owner
    }
    if (!owner) {
      owner = created.user = await adapter.createUser(profile)
      await emitEvent(options, "createUser", { user: owner })
    }
    await adapter.linkAccount({ ...accountKey, type: "credentials", userId: owner.id } as unknown as AdapterAccount)
    return owner
  } catch (error) {
    // Two first sign-ins of the same person at once: the loser's user conflicts or its link does.
    if (created.user) await undoNewUser(created.user.id, options)
    created.user = undefined
    const winner = await accountLinkedSoon(accountKey, options)
    if (winner) return winner
    throw error
  }
}

/** `authorize` vouches for the address with `emailVerified: true` or a real date; "false", 0 or junk vouch for nothing. */
function isVouched(emailVerified: unknown): boolean {
  if (emailVerified === true) return true
  const date = emailVerified instanceof Date ? emailVerified : typeof emailVerified === "string" ? new Date(emailVerified) : null
  return !!date && !Number.isNaN(date.valueOf())
}

/**
 * The user a concurrent first sign-in links this credentials account to, waited for briefly:
 * creating a user and linking its account are two adapter calls, so another sign-in of the same
 * person can see the user before its account.
 */
async function accountLinkedSoon(
  accountKey: { provider: string; providerAccountId: string },
  options: InternalOptions<"credentials">,
): Promise<AdapterUser | null> {
  // About two seconds in all, backing off: under load the other sign-in's second write can take that long.
  for (const delay of [0, 25, 50, 100, 200, 400, 600, 600]) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay))
    const user = await options.adapter!.getUserByAccount(accountKey)
    if (user) return user
  }
  return null
}

/** The `Request` handed to `authorize`: the callback URL, the caller's headers, a JSON body. */
function authorizeRequest(request: RequestInternal, credentials: Record<string, unknown>): Request {
  const headers = new Headers(request.headers)
  headers.delete("content-length")
  headers.set("content-type", "application/json")
  return new Request(request.url, { method: "POST", headers, body: JSON.stringify(credentials) })
}
