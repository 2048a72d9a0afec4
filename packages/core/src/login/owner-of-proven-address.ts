import type { Adapter, AdapterUser } from "../adapters.js"
import type { InternalOptions, ProviderConfig } from "../providers/types.js"
import { MissingAdapterMethods } from "../errors.js"
import { emitEvent } from "../config/default-callbacks.js"
import { unverifiedOwnerReplaced } from "../session-cookie/unverified-owner-checks.js"

/**
 * The user the owner of `email` signs in to, now that they have proven the address (a mailed
 * link or code was used, or a credentials `authorize` vouched for it).
 *
 * A stored user whose address was never verified may have been made by whoever typed the
 * address: a passkey registered while signed out, an OAuth login whose provider did not vouch for
 * it, a credentials sign-in. Whatever lets someone sign in to it (accounts, passkeys, database
 * sessions) may be an attacker's, waiting for the owner to arrive (pre-account hijacking). So
 * before the owner gets it, the adapter's `removeUserAttachments` removes all of that in one
 * transaction and `unverifiedAttachmentsRemoved` fires; the user itself, its id and whatever the
 * app keeps under that id stay (every user Auth.js created by OAuth is unverified: they must not
 * lose their data). Then the user is verified. An adapter without the method refuses the sign-in
 * before writing anything (MissingAdapterMethods), rather than hand the owner a user someone else
 * can still enter.
 *
 * `created.user` is set as soon as a user is created, so the caller can undo it on a later failure.
 */
export async function ownerOfProvenAddress(
  profile: AdapterUser,
  options: InternalOptions,
  created: { user?: AdapterUser },
): Promise<{ user: AdapterUser; isNewUser: boolean }> {
  const adapter = options.adapter!
  const stored = await adapter.getUserByEmail(profile.email)
  if (stored) {
    if (!stored.emailVerified) await removeUnverifiedAttachments(stored, options)
    const user = await adapter.updateUser({ id: stored.id, emailVerified: new Date() })
    await emitEvent(options, "updateUser", { user })
    return { user, isNewUser: false }
  }

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

async function removeUnverifiedAttachments(user: AdapterUser, options: InternalOptions): Promise<void> {
  const adapter = options.adapter as Partial<NonNullable<InternalOptions["adapter"]>>
  if (typeof adapter.removeUserAttachments !== "function") {
    throw new MissingAdapterMethods(
      `The stored user for this address (id ${user.id}) was never verified, and the adapter has no ` +
        "removeUserAttachments(userId) to remove the accounts, passkeys and sessions anyone may have attached to it " +
        "before its owner proved the address; the sign-in is refused rather than joined. Add removeUserAttachments " +
        'to the adapter (docs/adapters.md, "removeUserAttachments"), or set emailVerified on users you trust.',
    )
  }
  const { accounts, authenticators } = await adapter.removeUserAttachments(user.id)
  // A second factor enrolled while unverified may be the attacker's too: it would lock the owner
  // out (their sign-in asked for someone else's code). It goes with the other attachments.
  if (options.secondFactor) await options.adapter!.deleteSecondFactor(String(user.id))
  // Its sessions' rows went with the attachments (other instances refuse its JWTs within the
  // revocation interval); this process refuses the tokens minted while it was unverified at once.
  unverifiedOwnerReplaced(user.id, options)
  await emitEvent(options, "unverifiedAttachmentsRemoved", { user, accounts, authenticators, provider: options.provider.id })
}

/**
 * Whether this config will refuse an owner's sign-in into an unverified user for want of
 * `removeUserAttachments` (an Auth.js adapter with an e-mail provider, or a credentials provider
 * that links by vouched address): said once at start-up (warning
 * `adapter-without-remove-user-attachments`), so it is not first learnt from a user's error page.
 */
export function refusesUnverifiedOwners(adapter: Adapter | undefined, providers: ProviderConfig[]): boolean {
  if (!adapter || typeof adapter.removeUserAttachments === "function") return false
  return providers.some(
    (provider) =>
      provider.type === "email" ||
      (provider.type === "credentials" &&
        (provider as { allowDangerousEmailAccountLinking?: boolean }).allowDangerousEmailAccountLinking === true),
  )
}
