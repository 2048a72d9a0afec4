import type { Adapter } from "../adapters.js"
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
  const missing = adapter ? sessionManagementMethods.filter((name) => typeof adapter[name] !== "function") : sessionManagementMethods
  const what = adapter ? "The adapter lacks" : "No adapter is configured; session management needs one with"
  throw new MissingAdapterMethods(`${what} the method(s) session management needs: ${missing.join(", ")}`)
}
