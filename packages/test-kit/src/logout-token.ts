/**
 * Logout tokens (OpenID Connect Back-Channel Logout 1.0) signed as an identity provider signs
 * them: with its own private key (the one the dev IdP is started with, so it publishes the public
 * half in its JWKS). The back-channel tests use them to send exactly the token a test needs.
 */
import { generateKeyPairSync } from "node:crypto"
import { SignJWT, importJWK, type JWTPayload } from "jose"

export const backchannelLogoutEvent = "http://schemas.openid.net/event/backchannel-logout"

export type SigningJwk = JsonWebKey & { kid?: string }

/** A fresh RSA private key as a JWK with `kid`: give it to startDevIdentityProvider({ signingKey }). */
export function rsaSigningJwk(kid: string): SigningJwk {
  return { ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }), kid }
}

export interface LogoutTokenOptions {
  issuer: string
  /** The client id the token is for. */
  audience: string
  key: SigningJwk
  /** Claims to add or replace; `undefined` drops one (the defaults: iat, exp, a fresh jti, the event). */
  claims?: Record<string, unknown>
  /** The header's typ; null leaves it out. Default "logout+jwt". */
  typ?: string | null
}

export async function signLogoutToken({ issuer, audience, key, claims = {}, typ = "logout+jwt" }: LogoutTokenOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const payload: Record<string, unknown> = {
    iss: issuer,
    aud: audience,
    iat: now,
    exp: now + 120,
    jti: crypto.randomUUID(),
    events: { [backchannelLogoutEvent]: {} },
    ...claims,
  }
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name]
  const header = { alg: "RS256", kid: key.kid, ...(typ ? { typ } : {}) }
  return new SignJWT(payload as JWTPayload).setProtectedHeader(header).sign(await importJWK(key as never, "RS256"))
}
