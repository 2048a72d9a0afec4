import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { emitEvent } from "../config/default-callbacks.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { AccountResult } from "./account-answer.js"
import { hasPasskeyProvider, methodsLeft, signInMethods, stillHasAWayIn } from "./sign-in-methods.js"

/**
 * POST {basePath}/account/passkeys/delete with the passkey's `id` (its credential id, as GET
 * /account lists it): removes it, and the passkey account it signed in through once no other
 * passkey uses that account, unless it is the user's last way to sign in (409 `last-method`).
 * Another user's passkey is "not found", as an unknown one. The caller has checked CSRF and the recent sign-in.
 */
export async function deletePasskey(request: RequestInternal, user: AdapterUser, options: InternalOptions): Promise<AccountResult> {
  if (!hasPasskeyProvider(options)) return { status: 404, error: "not-found" }
  const id = request.body?.id
  if (typeof id !== "string" || id.length === 0 || id.length > 1024) return { status: 400, error: "id-required" }
  const methods = await signInMethods(user, options)
  const passkey = methods.passkeys.find((candidate) => candidate.credentialID === id)
  if (!passkey) return { status: 404, error: "not-found" }
  if (methodsLeft(methods, { passkey }) === 0) return { status: 409, error: "last-method" }
  const adapter = options.adapter!
  // The adapter deletes it only if it is still this user's: the check above is not the guard.
  const deleted = await adapter.deleteAuthenticator(user.id, id)
  if (!deleted) return { status: 404, error: "not-found" }
  const sharing = methods.passkeys.some((other) => other !== passkey && other.providerAccountId === passkey.providerAccountId)
  const account = methods.allAccounts.find(
    (candidate) => candidate.type === "webauthn" && candidate.providerAccountId === passkey.providerAccountId,
  )
  const gone = account && !sharing ? account : undefined
  if (gone) await adapter.unlinkAccount({ provider: gone.provider, providerAccountId: gone.providerAccountId })
  if (!(await stillHasAWayIn(user, options))) {
    // Another removal ran at the same time: the passkey (and its account) go back as they were.
    if (gone) await adapter.linkAccount(gone)
    await adapter.createAuthenticator(deleted)
    return { status: 409, error: "last-method" }
  }
  if (gone) {
    await emitEvent(options, "unlinkAccount", {
      user,
      account: { provider: gone.provider, providerAccountId: gone.providerAccountId, type: gone.type },
    })
  }
  return { done: "passkey-deleted" }
}
