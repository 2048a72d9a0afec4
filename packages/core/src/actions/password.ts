import type { InternalOptions } from "../providers/types.js"
import { InvalidProvider } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { passwordFlowsOf } from "../passwords/password-flows-of.js"
import type { ResponseInternal } from "../types.js"

/**
 * `{basePath}/password/<operation>`: the Password provider's pages, forgot, reset and change, in
 * its flows module (passwords/password-operation.ts). Without a Password provider: InvalidProvider.
 */
export async function password(request: RequestInternal, options: InternalOptions): Promise<ResponseInternal> {
  if (options.provider?.type !== "password") throw new InvalidProvider("No Password provider is configured")
  const passwordOptions = options as InternalOptions<"password">
  return (await passwordFlowsOf(passwordOptions.provider)).operation(request, passwordOptions)
}
