import type { InternalOptions } from "../providers/types.js"
import { MissingCSRF, UnknownAction } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { appPageUrl } from "../http/callback-url.js"
import type { ResponseInternal } from "../types.js"
import { answerChallenge } from "./answer-challenge.js"
import { confirmTotp, enrolTotp } from "./enrolment.js"
import { disableSecondFactor, renewBackupCodes } from "./management.js"
import { passkeyChallengeOptions } from "./passkey-answer.js"
import { readPendingSignIn } from "./pending-sign-in.js"
import { answer, answeringOf } from "./second-factor-answer.js"
import { secondFactorOwner } from "./second-factor-owner.js"
import { readSecondFactorStepUp } from "./second-factor-step-up.js"
import { showSecondFactor } from "./show-second-factor.js"

/**
 * The second-factor endpoints (second-factor-path.ts). Without `secondFactor` in the config they
 * do not exist (UnknownAction, 400). Every POST needs the CSRF token; none takes the owner from
 * the request's fields, only from its encrypted cookies.
 */
export async function secondFactorAction(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  if (!options.secondFactor) throw new UnknownAction("Second factors are not configured (secondFactor)")
  const operation = request.operation
  const answering = answeringOf(request.headers)
  if (request.method === "GET") {
    if (operation === "passkey-options") {
      // A pending sign-in's challenge, else a step-up's on the request's own session.
      const challenge = (await readPendingSignIn(request.cookies, options)) ?? (await readSecondFactorStepUp(request.cookies, options))
      return passkeyChallengeOptions(request, challenge, options)
    }
    if (operation !== "show") throw new UnknownAction(`Unsupported action: GET ${operation}`)
    const custom = options.pages.secondFactor
    if (custom && !answering.json)
      return { redirect: appPageUrl(custom, request.query.error ? { error: String(request.query.error) } : {}, options) }
    return showSecondFactor(request, answering, options)
  }
  if (operation === "show" || operation === "passkey-options") throw new UnknownAction(`Unsupported action: POST ${operation}`)
  if (!options.csrfTokenVerified) throw new MissingCSRF("CSRF token was missing during a second-factor request")
  if (operation === "challenge") return answerChallenge(request, options)
  const owner = await secondFactorOwner(request.cookies, options)
  if (!owner)
    return answering.json ? answer(answering, options, { status: 401, error: "not-signed-in" }) : { redirect: `${options.url.href}/signin` }
  switch (operation) {
    case "totp-enroll":
      return enrolTotp(owner, answering, options)
    case "totp-confirm":
      return confirmTotp(request, owner, answering, options)
    case "disable":
    case "backup-codes":
      // Only a signed-in session: a pending sign-in that must enrol manages nothing else.
      if (!owner.session) return answer(answering, options, { status: 401, error: "not-signed-in" })
      return operation === "disable"
        ? disableSecondFactor(request, owner, answering, options)
        : renewBackupCodes(request, owner, answering, options)
    default:
      throw new UnknownAction(`Unsupported action: POST ${operation}`)
  }
}
