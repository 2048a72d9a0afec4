import type { AdapterAccount, AdapterSession, AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { AccountNotLinked, OAuthAccountNotLinked } from "../errors.js"
import { emitEvent } from "../events/emit-event.js"
import type { Account, User } from "../types.js"
import { currentUser } from "./current-user.js"
import { undoNewUser } from "./undo-new-user.js"

export interface LoginResult {
  user: AdapterUser | User
  account: Account
  isNewUser: boolean
  /** Set for the database strategy: the session created for this sign-in. */
  databaseSession: AdapterSession | null
}

/**
 * Finds or creates the user behind an OAuth, e-mail or WebAuthn sign-in and links the account,
 * following Auth.js's rules, with two hardenings: every sign-in gets a new session (the old one
 * is deleted), and `allowDangerousEmailAccountLinking` never links onto a user whose e-mail
 * address was never verified (pre-account hijacking). A sign-in that fails after creating its
 * user removes that user again, so a database failing mid-way leaves no half-made rows.
 */
export async function handleLogin(
  cookies: Record<string, string>,
  profileUser: User,
  providerAccount: Account,
  options: InternalOptions,
): Promise<LoginResult> {
  if (!options.adapter) {
    return { user: profileUser, account: providerAccount, isNewUser: false, databaseSession: null }
  }
  const created: { user?: AdapterUser } = {}
  try {
    return await loginOrRegister(cookies, profileUser, providerAccount, options, created)
  } catch (error) {
    if (created.user) await undoNewUser(created.user.id, options)
    throw error
  }
}

/** handleLogin's work; `created.user` is set as soon as a new user exists, so a failure can undo it. */
async function loginOrRegister(
  cookies: Record<string, string>,
  profileUser: User,
  providerAccount: Account,
  options: InternalOptions,
  created: { user?: AdapterUser },
): Promise<LoginResult> {
  const adapter = options.adapter!
  const signedIn = await currentUser(cookies, options)
  let user: AdapterUser | null = signedIn.user
  let account: Account = providerAccount
  let isNewUser = false

  if (providerAccount.type === "email") {
    const byEmail = await adapter.getUserByEmail(profileUser.email!)
    if (byEmail) {
      user = await adapter.updateUser({ id: byEmail.id, emailVerified: new Date() })
      await emitEvent(options, "updateUser", { user })
    } else {
      user = created.user = await adapter.createUser({ ...(profileUser as AdapterUser), emailVerified: new Date() })
      await emitEvent(options, "createUser", { user })
      isNewUser = true
    }
  } else {
    const byAccount = await adapter.getUserByAccount({
      provider: providerAccount.provider,
      providerAccountId: providerAccount.providerAccountId,
    })
    const NotLinked = providerAccount.type === "webauthn" ? AccountNotLinked : OAuthAccountNotLinked
    if (byAccount) {
      if (user && user.id !== byAccount.id) {
        throw new NotLinked("The account is already associated with another user", { provider: providerAccount.provider })
      }
      user = byAccount
    } else {
      account = accountToStore(providerAccount, options)
      if (!user) {
        const byEmail = profileUser.email ? await adapter.getUserByEmail(profileUser.email) : null
        if (byEmail) {
          const provider = options.provider as { allowDangerousEmailAccountLinking?: boolean }
          if (!provider.allowDangerousEmailAccountLinking || !byEmail.emailVerified) {
            throw new NotLinked("Another account already exists with the same e-mail address", {
              provider: providerAccount.provider,
            })
          }
          user = byEmail
        } else {
          user = created.user = await adapter.createUser({ ...(profileUser as AdapterUser), emailVerified: null })
          await emitEvent(options, "createUser", { user })
          isNewUser = true
        }
      }
      const linked = { ...account, userId: user.id } as AdapterAccount
      await adapter.linkAccount(linked)
      account = linked
      await emitEvent(options, "linkAccount", { user, account: linked, profile: profileUser })
    }
  }

  let databaseSession: AdapterSession | null = null
  if (options.session.strategy === "database") {
    // A new token at every sign-in: whatever session the browser had (even a planted one) ends.
    if (signedIn.session) await adapter.deleteSession(signedIn.session.sessionToken)
    databaseSession = await adapter.createSession({
      sessionToken: options.session.generateSessionToken(),
      userId: user.id,
      expires: new Date(Date.now() + options.session.maxAge * 1000),
    })
  }
  return { user, account, isNewUser, databaseSession }
}

/** The provider's `account()` shaping of the token set, plus the fields that identify it. */
function accountToStore(account: Account, options: InternalOptions): Account {
  const { type, provider, providerAccountId, userId: _userId, ...tokens } = account
  const shape = (options.provider as { account?: (tokens: unknown) => Partial<Account> | void }).account
  const shaped = shape ? shape(tokens) ?? {} : tokens
  return { ...shaped, provider, providerAccountId, type }
}
