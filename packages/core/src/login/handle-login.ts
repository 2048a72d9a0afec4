import type { AdapterAccount, AdapterUser, Adapter } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { AccountNotLinked, OAuthAccountNotLinked, StepUpFailed } from "../errors.js"
import { emitEvent } from "../config/default-callbacks.js"
import type { Account, User } from "../shared-types.js"
import { currentUser } from "./current-user.js"
import { readStepUp } from "../step-up/step-up-cookie.js"
import { ownerOfProvenAddress } from "./owner-of-proven-address.js"
import { appPageUrl } from "../http/callback-url.js"

export interface LoginResult {
  user: AdapterUser | User
  account: Account
  isNewUser: boolean
  /** The user this sign-in created, for the gate to remove again should the session not be issued. */
  createdUserId?: string
}

/**
 * Finds or creates the user behind an OAuth, e-mail or WebAuthn sign-in and links the account,
 * following Auth.js's rules, with these hardenings against pre-account hijacking:
 * `allowDangerousEmailAccountLinking`
 * never links onto a user whose e-mail address was never verified; an e-mail sign-in into such a
 * user first removes every account, passkey and session attached to it (see ownerOfProvenAddress); and a user created by OAuth is verified
 * only when the provider vouched for the address (`addressVerified`). A sign-in that fails after
 * creating its user removes that user again, so a database failing mid-way leaves no half-made rows.
 * The session itself is made later, by the gate (finishSignIn), which is handed `createdUserId`.
 */
export async function handleLogin(
  cookies: Record<string, string>,
  profileUser: User,
  providerAccount: Account,
  options: InternalOptions,
  addressVerified = false,
): Promise<LoginResult> {
  if (!options.adapter) {
    return { user: profileUser, account: providerAccount, isNewUser: false }
  }
  const created: { user?: AdapterUser } = {}
  try {
    const login = await loginOrRegister(cookies, profileUser, providerAccount, options, addressVerified, created)
    return created.user ? { ...login, createdUserId: created.user.id } : login
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
  addressVerified: boolean,
  created: { user?: AdapterUser },
): Promise<LoginResult> {
  const adapter = options.adapter!
  // During a step-up the signed-in user is the one to prove, never one to link a new account to.
  const stepUp = await readStepUp(cookies, options)
  const signedIn = stepUp ? { user: null } : await currentUser(cookies, options)
  let user: AdapterUser | null = signedIn.user
  let account: Account = providerAccount
  let isNewUser = false

  if (providerAccount.type === "email") {
    ;({ user, isNewUser } = await ownerOfProvenAddress(profileUser as AdapterUser, options, created))
  } else {
    const byAccount = await adapter.getUserByAccount({
      provider: providerAccount.provider,
      providerAccountId: providerAccount.providerAccountId,
    })
    const NotLinked = providerAccount.type === "webauthn" ? AccountNotLinked : OAuthAccountNotLinked
    if (byAccount) {
      if (user && user.id !== byAccount.id) {
        // `reason` tells this refusal (a signed-in user linking) from the e-mail one below: account/refused-link-landing.ts.
        throw new NotLinked("The account is already associated with another user", {
          provider: providerAccount.provider,
          reason: "other-user",
        })
      }
      user = byAccount
      // The new tokens replace the stored ones for a provider with `tokenRefresh`: only with `tokenRefresh: TokenRefresh()`.
      await options.tokenRefresh?.storeSignInTokens(accountToStore(providerAccount, options), options)
    } else {
      if (stepUp) throw new StepUpFailed("The re-authentication used an account no user has", { reason: "other-user" })
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
          const emailVerified = addressVerified ? new Date() : null
          user = created.user = await adapter.createUser({ ...(profileUser as AdapterUser), emailVerified })
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

  return { user, account, isNewUser }
}

/** The provider's `account()` shaping of the token set, plus the fields that identify it. */
function accountToStore(account: Account, options: InternalOptions): Account {
  const { type, provider, providerAccountId, userId: _userId, ...tokens } = account
  const shape = (options.provider as { account?: (tokens: unknown) => Partial<Account> | void }).account
  const shaped = shape ? (shape(tokens) ?? {}) : tokens
  return { ...shaped, provider, providerAccountId, type }
}

/** Where a signed-in user goes: the new-user page the first time (when the app has one), else back. */
export function landingUrl(isNewUser: boolean, options: InternalOptions): string {
  const newUserPage = options.pages.newUser
  if (!isNewUser || !newUserPage) return options.callbackUrl
  return appPageUrl(newUserPage, { callbackUrl: options.callbackUrl }, options)
}

/**
 * Removes the user a sign-in created when a later step of that sign-in failed (linking its
 * account, creating its session), so no half-made user stays behind: a user without its account
 * would block every later sign-in with the same e-mail address (OAuthAccountNotLinked).
 * Best effort: the database may be what failed, and the sign-in's own error is what the caller
 * reports, so a failure here is only logged.
 */
export async function undoNewUser(userId: string, options: InternalOptions): Promise<void> {
  const deleteUser = (options.adapter as Adapter | undefined)?.deleteUser
  if (!deleteUser) return
  try {
    await deleteUser(userId)
  } catch (error) {
    options.logger.error(error as Error)
  }
}
