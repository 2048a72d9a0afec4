import type { InternalOptions } from "../providers/types.js"
import { StepUpFailed } from "../errors.js"
import type { Account, Cookie, User } from "../shared-types.js"
import { ownerKey, ownerOfSignIn } from "../sessions/session-owner.js"
import { readStepUp, stepUpCookieDeletion } from "./step-up-cookie.js"

/**
 * At the gate, before anything else: when the sign-in finishes a step-up, it must be the
 * step-up's own user (`owner`, an ownerKey), or nothing is issued (StepUpFailed):
 * re-authenticating as someone else never upgrades, replaces or links into the first user's session.
 */
export async function refuseStepUpByAnother(cookies: Record<string, string>, owner: string, options: InternalOptions): Promise<void> {
  const stepUp = await readStepUp(cookies, options)
  if (stepUp && stepUp.owner !== owner) {
    throw new StepUpFailed("The re-authentication signed in another user than the session's", { reason: "other-user" })
  }
}

/** As the session is issued: the same check once more, and the cookie that ends the step-up (or none). */
export async function finishStepUp(
  cookies: Record<string, string>,
  signIn: { user: User; account: Account | null },
  options: InternalOptions,
): Promise<Cookie[]> {
  const stepUp = await readStepUp(cookies, options)
  if (!stepUp) return []
  await refuseStepUpByAnother(cookies, ownerKey(ownerOfSignIn(signIn.user, signIn.account, options)), options)
  return [stepUpCookieDeletion(options)]
}
