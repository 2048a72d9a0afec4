/** The authorization response as oauth4webapi validates it (issuer, state, error). */
import * as oauth from "oauth4webapi"
import type { InternalProvider } from "../providers/types.js"
import { InvalidCheck, OAuthCallbackError } from "../errors.js"

/**
 * The provider's `error=` becomes OAuthCallbackError (shown on the sign-in page); a state that
 * does not match the state cookie becomes InvalidCheck. Anything else oauth4webapi refuses
 * (e.g. a foreign `iss`) propagates as is.
 */
export function validateCallbackParams(
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  params: Record<string, string | undefined>,
  expectedState: string | typeof oauth.skipStateCheck,
  provider: InternalProvider<"oauth">,
): URLSearchParams {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string") search.set(key, value)
  }
  try {
    return oauth.validateAuthResponse(as, client, search, expectedState)
  } catch (error) {
    if (error instanceof oauth.AuthorizationResponseError) {
      throw new OAuthCallbackError("OAuth Provider returned an error", {
        provider: provider.id,
        error: error.error,
        ...(error.error_description ? { error_description: error.error_description } : {}),
      })
    }
    if (typeof expectedState === "string" && search.get("state") !== expectedState) {
      throw new InvalidCheck("state value does not match the state cookie", { err: error as Error, provider: provider.id })
    }
    throw error
  }
}
