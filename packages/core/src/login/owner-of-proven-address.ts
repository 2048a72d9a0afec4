import type { AdapterAuthenticator, AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../config/internal-options.js"
import { MissingAdapterMethods } from "../errors.js"
import { emitEvent } from "../events/emit-event.js"

/**
 * The user the owner of `email` signs in to, now that they have proven the address (a mailed
 * link or code was used, or a credentials `authorize` vouched for it).
 *
 * A stored user whose address was never verified was made by whoever typed the address: a
 * passkey registered while signed out, an OAuth login whose provider did not vouch for it, a
 * credentials sign-in. Everything attached to it (accounts, passkeys, sessions) may be an
 * attacker's, waiting for the owner to arrive (pre-account hijacking). So it is never joined:
 * the adapter's `deleteUser` removes it with all of that in one statement (the shipped adapters
 * cascade), `removeUnverifiedUser` fires, and the owner gets a new, verified user under a new id,
 * so a token that named the old id names nobody. Should creating the new user then fail, the
 * address has no user at all; nothing half-attached is left.
 *
 * A verified user is the owner's: it is updated (`emailVerified` refreshed) as in Auth.js.
 * `created.user` is set as soon as a user is created, so the caller can undo it on a later failure.
 */
export async function ownerOfProvenAddress(
  profile: AdapterUser,
  options: InternalOptions,
  created: { user?: AdapterUser },
): Promise<{ user: AdapterUser; isNewUser: boolean }> {
  const adapter = options.adapter!
  const stored = await adapter.getUserByEmail(profile.email)
  if (stored?.emailVerified) {
    const user = await adapter.updateUser({ id: stored.id, emailVerified: new Date() })
    await emitEvent(options, "updateUser", { user })
    return { user, isNewUser: false }
  }
  if (stored) await removeUnverifiedUser(stored, options)

  let user: AdapterUser
  try {
    user = created.user = await adapter.createUser({ ...profile, emailVerified: new Date() })
  } catch (error) {
    // Two proofs of the same address at once (a link and a code, two tabs): the other one won.
    const winner = await adapter.getUserByEmail(profile.email)
    if (winner?.emailVerified) return { user: winner, isNewUser: false }
    throw error
  }
  await emitEvent(options, "createUser", { user })
  return { user, isNewUser: true }
}

async function removeUnverifiedUser(user: AdapterUser, options: InternalOptions): Promise<void> {
  const adapter = options.adapter as Partial<NonNullable<InternalOptions["adapter"]>>
  if (!adapter.deleteUser) {
    throw new MissingAdapterMethods(
      "The address's stored user was never verified and the adapter has no deleteUser to remove it (and what is attached to it)",
    )
  }
  // Listed before the delete, for the event: the one record of which passkeys were removed.
  const authenticators: AdapterAuthenticator[] = adapter.listAuthenticatorsByUserId
    ? await adapter.listAuthenticatorsByUserId(user.id)
    : []
  await adapter.deleteUser(user.id)
  await emitEvent(options, "removeUnverifiedUser", { user, authenticators, provider: options.provider.id })
}
