import type { Adapter, OwnedSessionMethods } from "../adapters.js"
import { MissingAdapterMethods } from "../errors.js"

/** The optional adapter methods session management needs on top of the Auth.js session methods. */
export const sessionManagementMethods = ["listSessionsByUserId", "deleteSessionsByUserId"] as const

export type SessionManagingAdapter = Required<Adapter>

/**
 * Whether the adapter manages sessions (lists and deletes them by user). Only such an adapter is
 * sent the metadata fields in createSession/updateSession: an Auth.js adapter (Prisma's, say)
 * would refuse columns it does not have, and JWT sessions are recorded only where they can be revoked.
 */
export function managesSessions(adapter: Adapter | undefined): adapter is SessionManagingAdapter {
  return !!adapter && sessionManagementMethods.every((name) => typeof adapter[name] === "function")
}

/** The adapter, or MissingAdapterMethods naming what it lacks for listing and revoking sessions. */
export function sessionManagingAdapter(adapter: Adapter | undefined): SessionManagingAdapter {
  if (managesSessions(adapter)) return adapter
  throw new MissingAdapterMethods(lackedMethods(sessionManagementMethods, adapter))
}

/** "The adapter lacks the method(s) session management needs: …", naming those of `methods` it lacks. */
function lackedMethods(methods: readonly (keyof Adapter)[], adapter: Adapter | undefined): string {
  const missing = adapter ? methods.filter((name) => typeof adapter[name] !== "function") : methods
  const what = adapter ? "The adapter lacks" : "No adapter is configured; session management needs one with"
  return `${what} the method(s) session management needs: ${missing.join(", ")}`
}

export const ownedSessionMethods = [
  "createOwnedSession",
  "listOwnedSessions",
  "revokeOwnedSession",
  "revokeOwnedSessions",
  "ownerOfOwnedSession",
] as const

/** Whether the adapter keeps owned sessions (the app's own users' sessions). */
export function keepsOwnedSessions(adapter: Adapter | undefined): adapter is Adapter & OwnedSessionMethods {
  return !!adapter && ownedSessionMethods.every((name) => typeof adapter[name] === "function")
}

/**
 * The configuration error session management answers with when sessions of this kind are recorded
 * nowhere: what the adapter lacks. Also what the `/sessions` routes answer when neither the adapter
 * nor `session.store` carries the session-records code (then none is loaded).
 */
export function missingSessionRecords(kind: "user" | "app", adapter: Adapter | undefined): MissingAdapterMethods {
  const methods = kind === "user" ? sessionManagementMethods : ownedSessionMethods
  return new MissingAdapterMethods(`${lackedMethods(methods, adapter)} (or configure session.store, e.g. redisSessionStore)`)
}
