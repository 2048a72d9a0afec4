import type { InternalOptions } from "../providers/types.js"
import { ownerKey, type SessionOwner } from "../sessions/session-owner.js"
import { currentAuthentication } from "../step-up/current-authentication.js"
import { type PendingSignIn, readPendingSignIn } from "./pending-sign-in.js"

/** Whose second factor a request manages, and how to name them in an authenticator app. */
export interface SecondFactorOwner {
  key: string
  label: string
  /** The session's owner, when the request is signed in. */
  session?: SessionOwner
  /** The pending sign-in of a user who must enrol before getting a session. */
  pending?: PendingSignIn
}

/**
 * The owner of a second-factor request: a pending sign-in that must enrol first (its user is
 * mid-sign-in, and nothing else may be done with it), else the signed-in session's owner, else
 * nobody. Read from the encrypted cookies only: a request never names whose factor it changes.
 */
export async function secondFactorOwner(cookies: Record<string, string>, options: InternalOptions): Promise<SecondFactorOwner | null> {
  const pending = await readPendingSignIn(cookies, options)
  if (pending?.mustEnrol && !options.pendingSignIns.claimedHere(pending.id)) {
    const label = pending.user.email ?? pending.user.name ?? pending.owner
    return { key: pending.owner, label, pending }
  }
  const current = await currentAuthentication(cookies, options)
  if (!current) return null
  return { key: ownerKey(current.owner), label: current.label ?? ownerKey(current.owner), session: current.owner }
}
