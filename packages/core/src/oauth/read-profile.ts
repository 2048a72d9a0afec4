/** The provider's account of the user: ID token claims, or the userinfo response. */
import * as oauth from "oauth4webapi"
import type { InternalProvider } from "../providers/types.js"
import type { Profile, TokenSet } from "../shared-types.js"
import type { ProviderRequestOptions } from "./provider-request-options.js"

export async function readProfile(
  provider: InternalProvider<"oauth">,
  as: oauth.AuthorizationServer,
  client: oauth.Client,
  tokens: oauth.TokenEndpointResponse,
  tokenSet: TokenSet,
  params: Record<string, string | undefined>,
  requestOptions: ProviderRequestOptions,
): Promise<Profile> {
  if (provider.type === "oidc") {
    // Present and validated: the token response was processed with requireIdToken.
    const claims = oauth.getValidatedIdTokenClaims(tokens)!
    let profile: Profile = { ...claims }
    if (provider.idToken === false) {
      const response = await oauth.userInfoRequest(as, client, tokens.access_token, requestOptions)
      // The userinfo `sub` must be the ID token's, or this is someone else's profile.
      profile = { ...(await oauth.processUserInfoResponse(as, client, claims.sub, response)) }
    }
    if (provider.id === "apple") addAppleUser(profile, params.user)
    return profile
  }

  if (provider.userinfo?.request) {
    return provider.userinfo.request({ tokens: tokenSet, provider }) as Promise<Profile>
  }
  if (as.userinfo_endpoint) {
    // Plain OAuth APIs (GitHub's /user…) are not OIDC userinfo: no `sub` to insist on.
    const response = await oauth.userInfoRequest(as, client, tokens.access_token, requestOptions)
    if (!response.ok) throw new Error(`userinfo endpoint of provider "${provider.id}" answered ${response.status}`)
    return (await response.json()) as Profile
  }
  throw new TypeError(`No userinfo endpoint configured for provider "${provider.id}"`)
}

/** Apple sends the user's name once, as a JSON `user` form field next to the code. */
function addAppleUser(profile: Profile, user: string | undefined): void {
  if (!user) return
  try {
    profile.user = JSON.parse(user)
  } catch {
    // A malformed field just means no name: the ID token still identifies the user.
  }
}
