import type { InternalOptions } from "../providers/types.js"
import { SecondFactorFailed } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { Cookie } from "../shared-types.js"
import { refreshAuthentication } from "../step-up/refresh-authentication.js"
import { stepUpCookieDeletion } from "../step-up/step-up-cookie.js"
import type { ResponseInternal } from "../types.js"
import { proveSecondFactor } from "./prove-second-factor.js"
import { secondFactorPageUrl, withError } from "./second-factor-due.js"
import type { SecondFactorStepUp } from "./second-factor-step-up.js"

/**
 * The answer to a step-up's second-factor challenge (POST {basePath}/callback/second-factor, CSRF
 * checked by the caller, the step-up read from its cookie and bound to the request's own session).
 * Checked as a pending sign-in's answer is (prove-second-factor.ts: claimed once, wrong answers
 * counted per step-up and per owner); the step-up is claimed once across instances, then the
 * session is refreshed in place and the browser goes back to where the step-up began. A step-up
 * that ends (five wrong answers, the owner's limit, a replay) is deleted, and the browser is sent
 * to sign in again, where a full re-authentication is still possible.
 */
export async function answerStepUp(
  request: RequestInternal,
  stepUp: SecondFactorStepUp,
  options: InternalOptions,
): Promise<ResponseInternal> {
  const record = await options.adapter!.getSecondFactor(stepUp.owner)
  const spent: Cookie[] = []
  const attempt = await proveSecondFactor(request, stepUp, record, options, spent)
  if ("refused" in attempt) {
    if (attempt.over) return ended(stepUp, options, "too-many", spent)
    options.logger.error(new SecondFactorFailed("A second factor was refused during a step-up", attempt.refused))
    return { redirect: withError(secondFactorPageUrl(options)), cookies: spent }
  }
  // Once: the same step-up answered again (here or on another instance) refreshes nothing.
  if (!(await options.pendingSignIns.claim(stepUp.id))) return ended(stepUp, options, "expired", spent)
  const refreshed = await refreshAuthentication(request.cookies, stepUp.owner, attempt.proof.amr, options)
  if (!refreshed) return ended(stepUp, options, "expired", spent)
  options.logger.debug("step-up: re-authenticated with the second factor", { secondFactor: attempt.proof.method })
  return {
    redirect: stepUp.redirectTo,
    cookies: [...spent, ...refreshed, stepUpCookieDeletion(options)],
    headers: { "Cache-Control": "no-store" },
  }
}

/** The step-up is over without an upgrade: claimed, its cookie deleted, the browser sent to a full sign-in. */
async function ended(
  stepUp: SecondFactorStepUp,
  options: InternalOptions,
  reason: "expired" | "too-many",
  spent: Cookie[],
): Promise<ResponseInternal> {
  await options.pendingSignIns.claim(stepUp.id)
  options.logger.error(new SecondFactorFailed("The step-up ended without its second factor", { reason }))
  const signin = new URL(
    options.pages.signIn ? new URL(options.pages.signIn, options.url.origin).href : `${options.url.href.replace(/\/$/, "")}/signin`,
  )
  signin.searchParams.set("callbackUrl", stepUp.redirectTo)
  return { redirect: withError(signin.href), cookies: [...spent, stepUpCookieDeletion(options)] }
}
