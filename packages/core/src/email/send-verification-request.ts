import type { InternalOptions } from "../config/internal-options.js"
import { InvalidProvider } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { ResponseInternal } from "../types.js"

/** POST /signin/<email id>: send a magic link. Lands with the e-mail sign-in work (issue 6). */
export async function sendVerificationRequest(_request: RequestInternal, options: InternalOptions<"email">): Promise<ResponseInternal> {
  throw new InvalidProvider(`E-mail sign-in (provider "${options.provider.id}") is not available in this build yet`)
}
