import type { InternalOptions } from "../providers/types.js"
import { MissingCSRF, SecondFactorFailed } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { finishPendingSignIn } from "../login/finish-pending-sign-in.js"
import type { Cookie } from "../shared-types.js"
import type { ResponseInternal } from "../types.js"
import { answerStepUp } from "./answer-step-up.js"
import { type PendingSignIn, pendingSignInDeletion, readPendingSignIn } from "./pending-sign-in.js"
import { proveSecondFactor } from "./prove-second-factor.js"
import { secondFactorPageUrl, withError } from "./second-factor-due.js"
import { readSecondFactorStepUp } from "./second-factor-step-up.js"

/**
 * POST {basePath}/callback/second-factor (`csrfToken`, and `code`, or `data`: a passkey's
 * assertion, see passkey-answer.ts): the answer to the challenge of a pending sign-in, or, with
 * none, of a step-up answered with the session's second factor alone (answer-step-up.ts). The
 * right code (claimed once through the adapter) or passkey (its challenge claimed once) completes
 * it; a wrong one is counted through the adapter (per pending sign-in and per owner, across every
 * instance: prove-second-factor.ts) and sends the browser back to the page; the fifth, or any once
 * the owner's limit is reached, ends the pending sign-in (claimed, so its cookie opens nothing any
 * more). Every refusal looks the same to the browser (SecondFactorFailed), and is logged with its reason.
 */
export async function answerChallenge(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a second-factor challenge")
  const pending = await readPendingSignIn(request.cookies, options)
  if (!pending) {
    const stepUp = await readSecondFactorStepUp(request.cookies, options)
    if (stepUp) return answerStepUp(request, stepUp, options)
  }
  if (!pending || pending.mustEnrol || options.pendingSignIns.claimedHere(pending.id)) return ended(request, options, "expired")
  const record = await options.adapter!.getSecondFactor(pending.owner)
  // A user challenged for a passkey alone (required, no TOTP) has no record, and no failures in it yet.
  if (!record?.totpSecret && !pending.passkeyUser) return ended(request, options, "expired", pending)

  const spent: Cookie[] = []
  const attempt = await proveSecondFactor(request, pending, record, options, spent)
  if ("refused" in attempt) {
    if (attempt.over) {
      const response = await ended(request, options, "too-many", pending)
      return { ...response, cookies: [...spent, ...(response.cookies ?? [])] }
    }
    options.logger.error(new SecondFactorFailed("A second factor was refused", attempt.refused))
    return { redirect: withError(secondFactorPageUrl(options)), cookies: spent }
  }
  // Once: a pending cookie replayed (here or on another instance) after it completed opens nothing.
  if (!(await options.pendingSignIns.claim(pending.id))) return ended(request, options, "expired")
  return finishPendingSignIn(request, pending, attempt.proof, options, [...spent, ...pendingSignInDeletion(request.cookies, options)])
}

/** The pending sign-in is over: claimed (when there is one), its cookie deleted, the browser back at the sign-in page. */
async function ended(
  request: RequestInternal,
  options: InternalOptions,
  reason: "expired" | "too-many",
  pending?: PendingSignIn,
): Promise<ResponseInternal> {
  if (pending) await options.pendingSignIns.claim(pending.id)
  options.logger.error(new SecondFactorFailed("The pending sign-in ended without its second factor", { reason }))
  const signin = options.pages.signIn
    ? new URL(options.pages.signIn, options.url.origin).href
    : `${options.url.href.replace(/\/$/, "")}/signin`
  return { redirect: withError(signin), cookies: pendingSignInDeletion(request.cookies, options) }
}
