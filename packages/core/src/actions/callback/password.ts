import type { InternalOptions } from "../../providers/types.js"
import type { RequestInternal } from "../../http/request-internal.js"
import { passwordFlowsOf } from "../../passwords/password-flows-of.js"
import type { ResponseInternal } from "../../types.js"

/**
 * /callback/password: the Password provider's sign-up, verification and sign-in, in its flows
 * module (passwords/password-callback.ts), which ends every sign-in in finishSignIn.
 */
export async function passwordCallback(request: RequestInternal, options: InternalOptions<"password">): Promise<ResponseInternal> {
  return (await passwordFlowsOf(options.provider)).callback(request, options)
}
