import type { JWT } from "../jwt/types.js"
import { credentialsProviderOf } from "../session/token-marks.js"

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
