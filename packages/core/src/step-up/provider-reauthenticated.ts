import { decodeJwt } from "jose/jwt/decode"
import type { InternalOptions } from "../providers/types.js"
import { StepUpFailed } from "../errors.js"
import type { Account } from "../shared-types.js"
import { readStepUp } from "./step-up-cookie.js"

/** Clock difference tolerated between us and the provider, in seconds. */
const clockSkew = 60

/**
 * During a step-up, an OpenID provider's ID token (verified by the callback already) must say the
 * user signed in there after the step-up began (`auth_time`, asked for with `max_age=0`): a
 * provider that answered from its own old session did not re-authenticate anyone. OAuth providers
 * without ID tokens cannot say; their sign-in counts as it does for a first sign-in.
 */
export async function refuseUnlessReauthenticated(
  cookies: Record<string, string>,
  account: Account,
  options: InternalOptions,
): Promise<void> {
  if (typeof account.id_token !== "string") return
  const stepUp = await readStepUp(cookies, options)
  if (!stepUp) return
  const authTime = decodeJwt(account.id_token).auth_time
  if (typeof authTime !== "number" || authTime < stepUp.since - clockSkew) {
    throw new StepUpFailed("The provider's ID token does not show a new sign-in (auth_time)", {
      reason: "not-reauthenticated",
      provider: account.provider,
    })
  }
}
