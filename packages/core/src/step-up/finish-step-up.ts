import type { InternalOptions } from "../config/internal-options.js"
import { StepUpFailed } from "../errors.js"
import type { Account, Cookie, User } from "../primitives.js"
import { ownerKey, ownerOfSignIn } from "../sessions/session-owner.js"
import { readStepUp, stepUpCookieDeletion } from "./step-up-cookie.js"

/**
 * At the gate: when the sign-in finishes a step-up, it must be the step-up's own user, or nothing
 * is issued (StepUpFailed): re-authenticating as someone else never upgrades, replaces or links
 * into the first user's session. Returns the cookie that ends the step-up, or none.
 */
export async function finishStepUp(
  cookies: Record<string, string>,
  signIn: { user: User; account: Account | null },
  options: InternalOptions,
): Promise<Cookie[]> {
  const stepUp = await readStepUp(cookies, options)
  if (!stepUp) return []
  const owner = ownerKey(ownerOfSignIn(signIn.user, signIn.account, options))
  if (owner !== stepUp.owner) {
    throw new StepUpFailed("The re-authentication signed in another user than the session's", { reason: "other-user" })
  }
  return [stepUpCookieDeletion(options)]
}
