import type { InternalOptions } from "../config/internal-options.js"
import { InvalidProvider } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { ResponseInternal } from "../types.js"

/** GET /webauthn-options/<id>: registration or authentication options for a passkey ceremony. */
export async function webauthnOptions(_request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  const provider = options.provider
  if (!provider || provider.type !== "webauthn") {
    throw new InvalidProvider("WebAuthn options are only served for a WebAuthn provider")
  }
  return { status: 400, headers: { "Content-Type": "application/json" }, body: { error: "WebAuthn is not enabled" } }
}
