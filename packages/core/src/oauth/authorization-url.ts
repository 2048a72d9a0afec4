// PLACEHOLDER written by the lead so that core compiles; the OAuth helper replaces this file.
import type { InternalOptions } from "../config/internal-options.js"
import { InvalidProvider } from "../errors.js"
import type { ResponseInternal } from "../types.js"

export async function getAuthorizationUrl(
  _query: Record<string, string | undefined>,
  _options: InternalOptions<"oauth" | "oidc">,
): Promise<ResponseInternal> {
  throw new InvalidProvider("OAuth sign-in is not wired yet")
}
