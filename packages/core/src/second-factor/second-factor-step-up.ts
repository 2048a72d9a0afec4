/**
 * A step-up answered with the session's second factor alone (issue 31: "sign in again as the same
 * user, or just the second factor"). GET {basePath}/reauthenticate offers it to a signed-in owner
 * who has a second factor: the step-up cookie then carries a random `id` and where to go back to,
 * and the second-factor page asks for a code (or a passkey) as it does for a pending sign-in. The
 * answer refreshes the existing session's `auth_time`/`amr` in place (step-up/refresh-authentication.ts).
 */
import type { InternalOptions, StepUpFactors } from "../providers/types.js"
import { ownerKey } from "../sessions/session-owner.js"
import { type CurrentAuthentication, currentAuthentication } from "../step-up/current-authentication.js"
import { readStepUp } from "../step-up/step-up-cookie.js"
import { passkeyUserOf } from "./passkey-user.js"
import type { SecondFactorChallenge } from "./second-factor-proof.js"

export type { StepUpFactors }

/** A second-factor step-up under way, on the request's own session. */
export interface SecondFactorStepUp extends SecondFactorChallenge, StepUpFactors {
  redirectTo: string
  current: CurrentAuthentication
}

/**
 * The factors that may answer a step-up of this session, or null when none may (no second factors
 * configured, the owner has none, or a database session the adapter cannot update): then only a
 * full sign-in re-authenticates.
 */
export async function stepUpFactors(current: CurrentAuthentication, options: InternalOptions): Promise<StepUpFactors | null> {
  if (!options.secondFactor || !options.adapter) return null
  // A database session's sign-in record lives in its row: only an adapter that manages sessions keeps it.
  if (options.session.strategy === "database" && !options.adapterManagesSessions) return null
  const codes = !!(await options.adapter.getSecondFactor(ownerKey(current.owner)))?.totpSecret
  const passkeyUser = await passkeyUserOf(current.owner, options)
  if (!codes && !passkeyUser) return null
  return { codes, ...(passkeyUser ? { passkeyUser } : {}) }
}

/**
 * The request's second-factor step-up, or null: none, one for a full sign-in, one already answered
 * here, or one whose session is no longer the request's (another user signed in meanwhile, the
 * session ended): a step-up cookie only ever answers for the session that asked for it.
 */
export async function readSecondFactorStepUp(
  cookies: Record<string, string>,
  options: InternalOptions,
): Promise<SecondFactorStepUp | null> {
  const stepUp = await readStepUp(cookies, options)
  if (!stepUp?.id || stepUp.redirectTo === undefined || options.pendingSignIns.claimedHere(stepUp.id)) return null
  const current = await currentAuthentication(cookies, options)
  if (!current || ownerKey(current.owner) !== stepUp.owner) return null
  const factors = await stepUpFactors(current, options)
  if (!factors) return null
  return { id: stepUp.id, owner: stepUp.owner, redirectTo: stepUp.redirectTo, current, ...factors }
}
