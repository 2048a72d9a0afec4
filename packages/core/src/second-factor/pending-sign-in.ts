/**
 * A sign-in whose first factor is done, waiting for its second: kept in an encrypted cookie (a
 * JWE keyed with the cookie's own name as salt, so it can never be read as a session or another
 * check cookie), chunked like the session cookie when the account's tokens make it large. It is
 * no session: nothing reads it but the second-factor challenge, which completes it at most once
 * (its id is claimed through the shared store or the adapter) and deletes it.
 */
import type { AdapterUser } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from "../http/session-chunks.js"
import { decode } from "../jwt/decode.js"
import { encode } from "../jwt/encode.js"
import type { Account, Cookie, Profile, User } from "../shared-types.js"
import type { SingleUseKind } from "../single-use/single-use-ledger.js"

/** What a pending sign-in keeps of the first factor: everything the session will be made from. */
export interface PendingSignIn {
  /** Random: what the wrong codes are counted against, and what is claimed when it ends. */
  id: string
  /** ownerKey() of the user signing in: the second-factor record checked. */
  owner: string
  user: User | AdapterUser
  account: Account | null
  profile?: Profile
  isNewUser?: boolean
  redirectTo: string
  methods: string[]
  forceJwt?: boolean
  createdUserId?: string
  /** The user must enrol (required, none yet): the challenge page shows the enrolment. */
  mustEnrol?: boolean
  /** The adapter user whose passkeys may answer the challenge (second-factor/passkey-answer.ts), when one may. */
  passkeyUser?: string
}

/** Ended pending sign-ins are remembered a little longer than any can live (at most an hour). */
export const pendingSignInKind: SingleUseKind = { name: "pending-sign-in", lifetimeMs: 2 * 60 * 60 * 1000 }

export async function pendingSignInCookies(
  pending: PendingSignIn,
  cookies: Record<string, string>,
  options: InternalOptions,
): Promise<Cookie[]> {
  const cookie = options.cookies.pendingSignIn
  const maxAge = options.secondFactor!.pendingMaxAge
  const value = await encode({ token: { ...pending } as Record<string, unknown>, secret: options.jwt.secret, salt: cookie.name, maxAge })
  const { maxAge: _maxAge, expires: _expires, ...attributes } = cookie.options
  return writeSessionCookie(cookies, { name: cookie.name, options: attributes }, value, new Date(Date.now() + maxAge * 1000))
}

/** The request's pending sign-in, or null (none, expired, tampered with, or sealed with another secret). */
export async function readPendingSignIn(cookies: Record<string, string>, options: InternalOptions): Promise<PendingSignIn | null> {
  const { name } = options.cookies.pendingSignIn
  const value = readSessionCookie(cookies, name)
  if (!value) return null
  try {
    const payload = (await decode({ token: value, secret: options.jwt.secret, salt: name })) as Partial<PendingSignIn> | null
    if (typeof payload?.id !== "string" || typeof payload.owner !== "string" || typeof payload.redirectTo !== "string") return null
    if (!payload.user || typeof payload.user !== "object" || !Array.isArray(payload.methods)) return null
    return payload as PendingSignIn
  } catch {
    return null
  }
}

/** Deletions of the pending cookie and its chunks. */
export function pendingSignInDeletion(cookies: Record<string, string>, options: InternalOptions): Cookie[] {
  return clearSessionCookie(cookies, options.cookies.pendingSignIn)
}
