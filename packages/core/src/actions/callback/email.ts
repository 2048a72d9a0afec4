import type { InternalOptions } from "../../config/internal-options.js"
import { InvalidProvider } from "../../errors.js"
import type { RequestInternal } from "../../http/request-internal.js"
import type { ResponseInternal } from "../../types.js"

/** Following a magic link. Lands with the e-mail sign-in work (issue 6). */
export async function emailCallback(_request: RequestInternal, options: InternalOptions<"email">): Promise<ResponseInternal> {
  throw new InvalidProvider(`E-mail sign-in (provider "${options.provider.id}") is not available in this build yet`)
}
