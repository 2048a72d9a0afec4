import type { InternalOptions } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { Cookie } from "../shared-types.js"
import type { PendingSignIn } from "../second-factor/pending-sign-in.js"
import type { SecondFactorProof } from "../second-factor/second-factor-proof.js"
import { multiFactorMethod } from "../step-up/session-authentication.js"
import type { ResponseInternal } from "../types.js"
import { completeSignIn } from "./finish-sign-in.js"

/**
 * The end of a pending sign-in whose second factor is done (checked and claimed by the caller,
 * the pending sign-in claimed once): the session the gate held back, issued through the gate's own
 * completeSignIn. Its `amr` adds the second factor's (`otp`, `hwk` or `swk`) and `mfa` to the first
 * factor's, its `auth_time` is now.
 */
export function finishPendingSignIn(
  request: RequestInternal,
  pending: PendingSignIn,
  secondFactor: SecondFactorProof,
  options: InternalOptions,
  cookies: Cookie[],
): Promise<ResponseInternal> {
  const { id: _id, owner: _owner, mustEnrol: _mustEnrol, passkeyUser: _passkeyUser, methods, ...done } = pending
  // The session is made as the first factor's request would have made it: with its provider.
  options.provider = options.providers.find((provider) => provider.id === pending.account?.provider) as InternalOptions["provider"]
  const authentication = {
    authTime: Math.floor(Date.now() / 1000),
    methods: [...new Set([...methods, secondFactor.amr, multiFactorMethod])],
  }
  return completeSignIn(request, { ...done, methods: authentication.methods, cookies }, authentication, options, secondFactor.method)
}
