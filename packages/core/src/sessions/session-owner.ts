import type { JWT } from "../jwt/types.js"
import { credentialsProviderOf } from "../session-cookie/token-marks.js"

/**
 * Whom a session belongs to, and with it the records that guard the account (second factor,
 * session list). Either an adapter user, by its id, or a Credentials provider's own user: with
 * JWT sessions `authorize` may return the app's users, for whom no adapter user exists (the token
 * is marked `gatehouse.credentials`). Such a user is known by the credentials account that names
 * it, the provider's id and `authorize`'s id, and never by an adapter user id: the app's user 1 is
 * not the adapter's user 1.
 */
export type SessionOwner = { kind: "user"; userId: string } | { kind: "app"; provider: string; appUserId: string }

/**
 * The owner as one string, for stores keyed by text (Redis, a column without a foreign key): the
 * adapter user's id, or `app:<provider>:<authorize's id>` for an app's own user.
 */
export function ownerKey(owner: SessionOwner): string {
  return owner.kind === "user" ? owner.userId : `app:${owner.provider}:${owner.appUserId}`
}

/** The owner of a decoded JWT session, or null when the token names nobody (a callback dropped `sub`). */
export function ownerOfToken(token: JWT | null | undefined): SessionOwner | null {
  const sub = token?.sub
  if (typeof sub !== "string" || sub.length === 0) return null
  const provider = credentialsProviderOf(token)
  return provider ? { kind: "app", provider, appUserId: sub } : { kind: "user", userId: sub }
}

/**
 * The owner a sign-in's session will have: a credentials provider's own user (with an adapter,
 * unless `authorizeReturnsAdapterUserId`), else the user by id, as the session's token or row will
 * name it (see ownerOfToken).
 */
export function ownerOfSignIn(
  user: { id?: string | null },
  account: { type: string; provider: string } | null,
  options: { adapter?: unknown; provider?: unknown },
): SessionOwner {
  const userId = String(user.id ?? "")
  const provider = options.provider as { authorizeReturnsAdapterUserId?: boolean } | undefined
  if (options.adapter && account?.type === "credentials" && !provider?.authorizeReturnsAdapterUserId) {
    return { kind: "app", provider: account.provider, appUserId: userId }
  }
  return { kind: "user", userId }
}
