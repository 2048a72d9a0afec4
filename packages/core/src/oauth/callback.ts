/** GET (or form_post POST) /callback/<oauth id>: from the provider's answer to a user, account and profile. */
import * as oauth from "oauth4webapi"
import type { InternalOptions } from "../providers/types.js"
import { InvalidCheck, OAuthProfileParseError } from "../errors.js"
import type { Account, Cookie, Profile, TokenSet, User } from "../shared-types.js"
import { authorizationServerFor } from "./authorization-server.js"
import { validateCallbackParams } from "./callback-params.js"
import * as checks from "./checks.js"
import { clientAuthentication, clientOf } from "./client-auth.js"
import { verifyIdTokenSignature } from "./id-token-signature.js"
import { readProfile } from "./read-profile.js"
import { redirectProxyDestination, redirectUriFor } from "./redirect-proxy.js"
import { providerRequestOptions } from "./provider-request-options.js"

export type OAuthCallbackResult = { proxyRedirect: string } | { user: User; account: Account; profile: Profile; cookies: Cookie[] }

/**
 * `params` is the callback's query, or its body for `response_mode=form_post`. Every check the
 * provider uses is enforced (a missing or foreign check cookie is InvalidCheck) before the code
 * is redeemed; the ID token is validated by oauth4webapi. `cookies` in the result delete the
 * check cookies that were used.
 */
export async function handleOAuthCallback(
  params: Record<string, string | undefined>,
  cookies: Record<string, string>,
  options: InternalOptions<"oauth" | "oidc">,
): Promise<OAuthCallbackResult> {
  const { provider, logger } = options

  const proxyRedirect = await redirectProxyDestination(params, options)
  if (proxyRedirect) return { proxyRedirect }

  const requestOptions = providerRequestOptions(provider)
  let as = await authorizationServerFor(provider)
  const client = clientOf(provider)
  const usedCookies: Cookie[] = []

  const expectedState = await checks.state.use(cookies, options, usedCookies)
  const callbackParams = validateCallbackParams(as, client, params, expectedState, provider)
  const codeVerifier = await checks.pkce.use(cookies, options, usedCookies)
  const expectedNonce = await checks.nonce.use(cookies, options, usedCookies)

  const { redirectUri } = redirectUriFor(provider, options.url)
  let tokenResponse = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuthentication(provider, as),
    callbackParams,
    redirectUri,
    codeVerifier,
    requestOptions,
  )
  if (provider.token?.conform) tokenResponse = (await provider.token.conform(tokenResponse.clone())) ?? tokenResponse
  if (provider.tokenIssuerMetadata) as = await provider.tokenIssuerMetadata(provider, as, tokenResponse)

  let tokens: oauth.TokenEndpointResponse
  try {
    tokens = await oauth.processAuthorizationCodeResponse(as, client, tokenResponse, {
      expectedNonce,
      requireIdToken: provider.type === "oidc",
    })
  } catch (error) {
    throw asNonceMismatch(error, provider.id) ?? error
  }
  await verifyIdTokenSignature(as, tokenResponse, tokens, requestOptions)

  const tokenSet = withExpiresAt(tokens)
  const profile = await readProfile(provider, as, client, tokens, tokenSet, params, requestOptions)
  const { user, providerAccountId } = await userFromProfile(provider, profile, tokenSet)
  const account: Account = { ...tokenSet, provider: provider.id, type: provider.type, providerAccountId }

  logger.debug("OAuth callback handled", { provider: provider.id, providerAccountId })
  return { user, account, profile, cookies: usedCookies }
}

/** `expires_at` (absolute, in seconds) from `expires_in`, for token rotation. */
function withExpiresAt(tokens: oauth.TokenEndpointResponse): TokenSet {
  const tokenSet: TokenSet = { ...tokens }
  if (tokens.expires_in !== undefined) {
    tokenSet.expires_at = Math.floor(Date.now() / 1000) + Number(tokens.expires_in)
  }
  return tokenSet
}

/**
 * The app's (or the provider's) `profile()` maps the profile to a user. The user id is always a
 * fresh UUID (an adapter assigns the real one); the provider's id becomes providerAccountId.
 */
async function userFromProfile(
  provider: InternalOptions<"oauth">["provider"],
  profile: Profile,
  tokens: TokenSet,
): Promise<{ user: User; providerAccountId: string }> {
  let mapped: User
  try {
    mapped = await provider.profile(profile, tokens)
  } catch (error) {
    throw new OAuthProfileParseError(error as Error, { provider: provider.id })
  }
  if (!mapped || typeof mapped !== "object") {
    throw new OAuthProfileParseError("profile() did not return a user object", { provider: provider.id })
  }
  const providerAccountId = mapped.id !== undefined && mapped.id !== null && mapped.id !== "" ? String(mapped.id) : crypto.randomUUID()
  const email = typeof mapped.email === "string" ? mapped.email.toLowerCase() : mapped.email
  return { user: { ...mapped, id: crypto.randomUUID(), email }, providerAccountId }
}

/** An ID token whose nonce is not the one in the nonce cookie is a failed check, like the others. */
function asNonceMismatch(error: unknown, providerId: string): InvalidCheck | undefined {
  const cause = (error as { cause?: { claim?: unknown } } | undefined)?.cause
  if (error instanceof oauth.OperationProcessingError && cause?.claim === "nonce") {
    return new InvalidCheck("nonce in the ID token does not match the nonce cookie", { err: error, provider: providerId })
  }
  return undefined
}
