import type { AdapterSecondFactor } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { Cookie } from "../shared-types.js"
import { claimSecondFactorCode } from "./check-code.js"
import { claimPasskeyAnswer, isPasskeyAnswer } from "./passkey-answer.js"
import type { SecondFactorChallenge, SecondFactorProof } from "./second-factor-proof.js"

export type { SecondFactorChallenge }

/** Wrong codes a challenge (a pending sign-in, or a step-up) may take; the fifth ends it. */
export const attemptsPerPendingSignIn = 5
/** Wrong codes an owner may take within `ownerFailureWindowMs`, over all their challenges. */
export const failuresPerOwner = 10
export const ownerFailureWindowMs = 60 * 60 * 1000

export type SecondFactorAttempt =
  | { proof: SecondFactorProof }
  /** Refused; `over` when the challenge must end (its fifth wrong answer, or the owner's limit reached). */
  | { refused: { reason: string; err?: Error; attempt?: number }; over: boolean }

/**
 * The one check of an answer to a challenge, wherever it is asked: the owner's TOTP or backup code
 * (claimed once through the adapter), or their passkey (its challenge claimed once). A wrong answer
 * is counted through the adapter, per challenge and per owner, across every instance; an owner
 * already at their limit is refused without looking at the answer. `spent` gets the cookies the
 * attempt used up, whatever the outcome.
 */
export async function proveSecondFactor(
  request: RequestInternal,
  challenge: SecondFactorChallenge,
  record: AdapterSecondFactor | null,
  options: InternalOptions,
  spent: Cookie[],
): Promise<SecondFactorAttempt> {
  if ((record?.recentFailures ?? 0) >= failuresPerOwner) return { refused: { reason: "too-many" }, over: true }
  let refusal: { reason: string; err?: Error } = { reason: "wrong-code" }
  if (isPasskeyAnswer(request)) {
    const answered = await claimPasskeyAnswer(request, challenge, options, spent)
    if (!("refused" in answered)) return { proof: answered }
    refusal = { reason: "wrong-passkey", err: answered.refused }
  } else if (record?.totpSecret) {
    const code = await claimSecondFactorCode(record, request.body?.code, options)
    if (code) return { proof: { method: code, amr: "otp" } }
  }
  const counts = await options.adapter!.countSecondFactorFailure(challenge.owner, challenge.id, new Date(Date.now() + ownerFailureWindowMs))
  const over = counts.attempt >= attemptsPerPendingSignIn || counts.owner >= failuresPerOwner
  return { refused: { ...refusal, attempt: counts.attempt }, over }
}
