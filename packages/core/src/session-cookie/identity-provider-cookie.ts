/**
 * Which provider a session was signed in with, remembered for federated sign-out (only
 * `FederatedSignOut()` loads this module), and only for providers with `federatedSignOut`.
 *
 * A JWT session carries it in the token (the `gatehouse.idp` mark, with the ID token).
 *
 * A database session row does not say which provider account it was signed in with, and federated
 * sign-out needs that account's ID token. So a sign-in with a provider that has `federatedSignOut`
 * sets this cookie beside the session cookie: a JWE (keyed by the cookie's name) of the provider
 * and account id, bound to that session token by its hash, so it cannot be carried over to another
 * session. The ID token itself stays in the account row (adapter `getAccount`).
 */
import type { InternalOptions } from "../providers/types.js"
import { sha256Hex } from "../crypto/sha256-hex.js"
import { decode } from "../jwt/decode.js"
import { encode } from "../jwt/encode.js"
import type { JWT } from "../jwt/types.js"
import type { Account, Cookie } from "../shared-types.js"
import { markIdentityProvider } from "./token-marks.js"

interface IdentityProviderPayload {
  provider: string
  providerAccountId: string
  session: string
}

/** Whether a sign-in with `account` through the options' provider is to be remembered (see above). */
function isRemembered(account: Account | null, options: InternalOptions): account is Account {
  const provider = options.provider as { federatedSignOut?: unknown } | undefined
  return !!account && (account.type === "oidc" || account.type === "oauth") && !!provider?.federatedSignOut
}

/**
 * The token of a JWT sign-in, marked with the provider and its ID token. Only for providers with
 * `federatedSignOut`: the ID token is the bulk of the mark (about 1 kB), and every other session
 * cookie stays as small as before.
 */
export function withIdentityProvider(token: JWT, account: Account | null, options: InternalOptions): JWT {
  if (!isRemembered(account, options)) return token
  const idToken = typeof account.id_token === "string" ? account.id_token : undefined
  return markIdentityProvider(token, { provider: account.provider, ...(idToken ? { idToken } : {}) })
}

function secretOf(options: InternalOptions): string | string[] {
  return options.jwt?.secret ?? options.secret
}

/** The cookie for a database session just started with `account`, when its provider has federated sign-out. */
export async function identityProviderCookie(
  account: Account | null,
  sessionToken: string,
  expires: Date,
  options: InternalOptions,
): Promise<Cookie | undefined> {
  if (!isRemembered(account, options)) return undefined
  const { name, options: attributes } = options.cookies.identityProvider
  const payload: IdentityProviderPayload = {
    provider: account.provider,
    providerAccountId: account.providerAccountId,
    session: await sha256Hex(sessionToken),
  }
  const maxAge = Math.max(1, Math.round((expires.getTime() - Date.now()) / 1000))
  const value = await encode({ token: payload, secret: secretOf(options), salt: name, maxAge })
  return { name, value, options: { ...attributes, expires } }
}

/** The account the database session `sessionToken` was signed in with, or undefined (no cookie, or another session's). */
export async function readIdentityProviderCookie(
  cookies: Record<string, string>,
  sessionToken: string,
  options: InternalOptions,
): Promise<{ provider: string; providerAccountId: string } | undefined> {
  const { name } = options.cookies.identityProvider
  const token = cookies[name]
  if (!token) return undefined
  const payload = await decode<Partial<IdentityProviderPayload>>({ token, secret: secretOf(options), salt: name }).catch(() => null)
  if (typeof payload?.provider !== "string" || typeof payload.providerAccountId !== "string") return undefined
  if (payload.session !== (await sha256Hex(sessionToken))) return undefined
  return { provider: payload.provider, providerAccountId: payload.providerAccountId }
}

/** Drops the cookie (sent only when the browser has one, so other sign-outs stay as they were). */
export function clearIdentityProviderCookie(cookies: Record<string, string>, options: InternalOptions): Cookie[] {
  const { name, options: attributes } = options.cookies.identityProvider
  if (cookies[name] === undefined) return []
  return [{ name, value: "", options: { ...attributes, maxAge: 0 } }]
}
