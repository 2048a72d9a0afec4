/** OpenID Connect Back-Channel Logout 1.0, section 2.6: what makes a logout token acceptable. */
import * as joseErrors from "jose/errors"
import { createRemoteJWKSet, customFetch as joseCustomFetch } from "jose/jwks/remote"
import { jwtVerify } from "jose/jwt/verify"
import type { JWTPayload } from "jose"
import type { InternalProvider } from "../providers/types.js"
import { InvalidLogoutToken, type LogoutTokenProblem } from "../errors.js"
import { clockToleranceSeconds, logoutTokenMaxAgeSeconds } from "./logout-token-timing.js"
import { customFetch } from "../auth-options.js"
import { discoverAuthorizationServer } from "./discovery.js"
import { perFetchCache } from "./per-fetch-cache.js"

export const backchannelLogoutEvent = "http://schemas.openid.net/event/backchannel-logout"
/** Signatures only a holder of the provider's private key can make (never `none`, never a shared secret). */
const asymmetricAlgorithms = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"]
const maxTokenLength = 16 * 1024

export interface LogoutTokenClaims {
  jti: string
  /** When the provider issued the token (seconds since the epoch, the provider's clock): the user signed out there by then. */
  iat: number
  /** The provider's subject: the account's `providerAccountId`. */
  sub?: string
  /** The provider's session id (`sid` in the ID token), when the token names one session. */
  sid?: string
}

/**
 * Verifies a logout token against the provider's published keys (its discovery document's
 * `jwks_uri`) and checks every claim the specification requires; throws InvalidLogoutToken with
 * the failed check's code otherwise. Single use (`jti`) is the caller's to claim.
 */
export async function verifyLogoutToken(token: unknown, provider: InternalProvider<"oauth">, now = Date.now()): Promise<LogoutTokenClaims> {
  if (typeof token !== "string" || token.length === 0 || token.length > maxTokenLength) {
    throw new InvalidLogoutToken("malformed", "The request has no logout_token (or an oversized one)")
  }
  if (!provider.issuer) {
    throw new InvalidLogoutToken(
      "no-issuer",
      `Provider "${provider.id}" has no issuer, so there are no published keys to check a logout token against`,
    )
  }
  if (!provider.clientId)
    throw new InvalidLogoutToken("no-client-id", `Provider "${provider.id}" has no clientId to check the audience against`)
  let metadata: Awaited<ReturnType<typeof discoverAuthorizationServer>>
  try {
    metadata = await discoverAuthorizationServer(provider)
  } catch (error) {
    throw new InvalidLogoutToken("discovery", `The discovery document of provider "${provider.id}" could not be read`, error as Error)
  }
  if (typeof metadata.jwks_uri !== "string") {
    throw new InvalidLogoutToken("no-jwks", `Provider "${provider.id}" publishes no jwks_uri, so a logout token cannot be verified`)
  }

  let payload: JWTPayload
  let typ: string | undefined
  try {
    const verified = await jwtVerify(token, remoteKeySet(metadata.jwks_uri, provider[customFetch]), {
      issuer: metadata.issuer,
      audience: provider.clientId,
      algorithms: asymmetricAlgorithms,
      clockTolerance: clockToleranceSeconds,
      currentDate: new Date(now),
      // Back-Channel Logout 1.0 §2.4 makes exp REQUIRED; §2.6 step 3 checks it as in an ID token
      // (Core §3.1.3.7 step 9). Without this, jose checks exp only when the token has one.
      requiredClaims: ["exp"],
    })
    payload = verified.payload
    typ = verified.protectedHeader.typ
  } catch (error) {
    throw new InvalidLogoutToken(problemOf(error), "The logout token was refused", error as Error)
  }

  checkAuthorizedParty(payload, provider.clientId)

  // `typ` is optional; when present it must say what the token is (an ID token must never pass as one).
  if (typ !== undefined && typ.toLowerCase().replace(/^application\//, "") !== "logout+jwt") {
    throw new InvalidLogoutToken("typ", `The logout token's typ is "${typ}", not "logout+jwt"`)
  }
  const nowSeconds = Math.floor(now / 1000)
  if (typeof payload.iat !== "number") throw new InvalidLogoutToken("iat", "The logout token has no iat")
  if (payload.iat > nowSeconds + clockToleranceSeconds) throw new InvalidLogoutToken("iat", "The logout token was issued in the future")
  if (payload.iat < nowSeconds - logoutTokenMaxAgeSeconds - clockToleranceSeconds) {
    throw new InvalidLogoutToken("iat", `The logout token is older than ${logoutTokenMaxAgeSeconds} seconds`)
  }
  if (typeof payload.jti !== "string" || payload.jti.length === 0) throw new InvalidLogoutToken("jti", "The logout token has no jti")
  const events = payload.events as Record<string, unknown> | undefined
  const event = events && typeof events === "object" && !Array.isArray(events) ? events[backchannelLogoutEvent] : undefined
  if (!event || typeof event !== "object" || Array.isArray(event)) {
    throw new InvalidLogoutToken("events", `The logout token's events claim does not hold ${backchannelLogoutEvent}`)
  }
  if ("nonce" in payload) throw new InvalidLogoutToken("nonce", "The logout token carries a nonce (an ID token is not a logout token)")
  const sub = optionalString(payload.sub, "sub")
  const sid = optionalString(payload.sid, "sid")
  if (sub === undefined && sid === undefined) throw new InvalidLogoutToken("sub-sid", "The logout token names neither sub nor sid")
  return { jti: payload.jti, iat: payload.iat, sub, sid }
}

/**
 * Back-Channel Logout 1.0 §2.6 step 3 validates aud "in the same way" as in an ID token, so Core
 * §3.1.3.7 steps 4 and 5 apply: a token for several audiences must say which one it was issued to
 * (azp), and an azp present must be this client. Otherwise a token the IdP minted for another of
 * its clients, with this one merely listed, would end sessions here. (jose has checked already
 * that our client id is among the audiences.)
 */
function checkAuthorizedParty(payload: JWTPayload, clientId: string): void {
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud]
  if (payload.azp === undefined) {
    if (audiences.length > 1) throw new InvalidLogoutToken("azp", "The logout token names several audiences but no azp (authorized party)")
    return
  }
  if (payload.azp !== clientId) {
    throw new InvalidLogoutToken("azp", "The logout token's azp (authorized party) is another client, not this one")
  }
}

function optionalString(value: unknown, name: "sub" | "sid"): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== "string" || value.length === 0) throw new InvalidLogoutToken("sub-sid", `The logout token's ${name} is not a string`)
  return value
}

function problemOf(error: unknown): LogoutTokenProblem {
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === "iss") return "issuer"
    if (error.claim === "aud") return "audience"
    if (error.claim === "iat" || error.claim === "nbf") return "iat"
    if (error.claim === "exp") return "exp"
    return "claims"
  }
  if (error instanceof joseErrors.JWTExpired) return "expired"
  if (error instanceof joseErrors.JWKSNoMatchingKey || error instanceof joseErrors.JWSSignatureVerificationFailed) return "signature"
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return "signature"
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) return "jwks"
  return "malformed"
}

// One key set per jwks_uri (and fetch), kept across requests: jose's own cache and cooldown then
// hold (a token signed with an unknown kid refetches the keys at most once per cooldown).
const keySets = perFetchCache<ReturnType<typeof createRemoteJWKSet>>(64)

function remoteKeySet(jwksUri: string, fetchOverride: typeof fetch | undefined): ReturnType<typeof createRemoteJWKSet> {
  let keySet = keySets.get(fetchOverride, jwksUri)
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUri), fetchOverride ? { [joseCustomFetch]: fetchOverride } : undefined)
    keySets.set(fetchOverride, jwksUri, keySet)
  }
  return keySet
}
