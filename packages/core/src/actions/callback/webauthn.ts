import type { InternalOptions } from "../../config/internal-options.js"
import { InvalidProvider } from "../../errors.js"
import type { RequestInternal } from "../../http/request-internal.js"
import type { ResponseInternal } from "../../types.js"

/** Passkey registration and sign-in. Lands with the passkeys work (issue 10). */
export async function webauthnCallback(_request: RequestInternal, options: InternalOptions<"webauthn">): Promise<ResponseInternal> {
  throw new InvalidProvider(`WebAuthn sign-in (provider "${options.provider.id}") is not available in this build yet`)
}
