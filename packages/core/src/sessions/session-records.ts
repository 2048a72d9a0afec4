import type { Adapter, AdapterSession, OwnedSession, OwnedSessionMethods } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import type { JWT } from "../jwt/types.js"
import { credentialsProviderOf } from "../session-cookie/token-marks.js"
import { type SessionOwner, ownerKey } from "./session-owner.js"
import { keepsOwnedSessions, managesSessions, missingSessionRecords, type SessionManagingAdapter } from "./session-management-adapter.js"

/**
 * The one mechanism that records, lists and revokes sessions, whoever signed in. Where a session
 * is recorded depends on whom it belongs to:
 * - an adapter user, with an adapter that manages sessions: the adapter's sessions table;
 * - an app's own user (a Credentials `authorize` returning the app's users; owner key
 *   `app:<provider>:<id>`), with an adapter that has the owned-session methods: its `owned_sessions`;
 * - otherwise, with `session.store` configured (JWT apps without a database): the store.
 * Nowhere else: such a session is not recorded, and session management answers MissingAdapterMethods.
 */
export type SessionRecords = OwnedSessionMethods & {
  /** Whether records are rows of the adapter's sessions table (a database session's token is one). */
  readonly sessionsTable: boolean
}

/** Where sessions of owners of this kind are recorded, or undefined when nowhere. */
export function sessionRecordsFor(
  kind: SessionOwner["kind"],
  options: Pick<InternalOptions, "adapter" | "session">,
): SessionRecords | undefined {
  const { adapter } = options
  if (kind === "user" && managesSessions(adapter)) return adapterUserRecords(adapter)
  if (kind === "app" && keepsOwnedSessions(adapter)) return { ...bound(adapter), sessionsTable: false }
  const store = options.session.store
  // The store keeps JWT sessions; database sessions are the adapter's rows or nothing.
  if (!store || options.session.strategy === "database") return undefined
  // An adapter user's session kept in the store (an adapter that records no sessions): deleting
  // the user must still end it within the interval, as deleting its rows does in the adapter.
  if (kind === "user" && typeof adapter?.getUser === "function")
    return { ...bound(store), ...endsWithUser(store, adapter), sessionsTable: false }
  return { ...bound(store), sessionsTable: false }
}

/** The store's lookup, answering "no owner" once the adapter user it names is gone. */
function endsWithUser(store: OwnedSessionMethods, adapter: Adapter): Pick<OwnedSessionMethods, "ownerOfOwnedSession"> {
  return {
    async ownerOfOwnedSession(id) {
      const owner = await store.ownerOfOwnedSession(id)
      return owner !== null && (await adapter.getUser!(owner)) ? owner : null
    },
  }
}

/** Where a JWT's session is recorded (by its owner's kind), or undefined. */
export function sessionRecordsOfToken(token: JWT, options: Pick<InternalOptions, "adapter" | "session">): SessionRecords | undefined {
  return sessionRecordsFor(credentialsProviderOf(token) ? "app" : "user", options)
}

/** As sessionRecordsFor, or the clear configuration error the session-management endpoints answer with. */
export function requireSessionRecords(kind: SessionOwner["kind"], options: Pick<InternalOptions, "adapter" | "session">): SessionRecords {
  const records = sessionRecordsFor(kind, options)
  if (records) return records
  throw missingSessionRecords(kind, options.adapter)
}

/** Throws the configuration error when sessions of no kind are recorded anywhere (no adapter managing them, no store). */
export function requireAnySessionRecords(options: Pick<InternalOptions, "adapter" | "session">): void {
  if (!sessionRecordsFor("user", options) && !sessionRecordsFor("app", options)) requireSessionRecords("user", options)
}

/** The owner's key and where their sessions are recorded, for a session owner. */
export function ownerRecords(owner: SessionOwner, options: Pick<InternalOptions, "adapter" | "session">) {
  return { key: ownerKey(owner), records: requireSessionRecords(owner.kind, options) }
}

/** The adapter's session-table methods seen as owned sessions (the owner key is the user id). */
function adapterUserRecords(adapter: SessionManagingAdapter): SessionRecords {
  return {
    sessionsTable: true,
    async createOwnedSession({ id, ownerKey: userId, ...rest }) {
      await adapter.createSession({ ...rest, sessionToken: id, userId })
    },
    async listOwnedSessions(key) {
      return (await adapter.listSessionsByUserId(key)).map(ownedSessionOfRow)
    },
    async touchOwnedSession(id, { expires, lastSeenAt }) {
      await adapter.updateSession({ sessionToken: id, expires, lastSeenAt })
    },
    async revokeOwnedSession(id) {
      // An Auth.js adapter may return nothing at all: counted as deleted.
      return (await adapter.deleteSession(id)) !== null
    },
    revokeOwnedSessions: (key, options) => adapter.deleteSessionsByUserId(key, options),
    async ownerOfOwnedSession(id) {
      const found = await adapter.getSessionAndUser(id)
      // Ids compared as text: an Auth.js adapter on integer ids returns numbers.
      return found ? String(found.session.userId) : null
    },
  }
}

function ownedSessionOfRow(row: AdapterSession): OwnedSession {
  const { sessionToken, userId, expires, createdAt, lastSeenAt, userAgent, provider } = row
  return { id: sessionToken, ownerKey: String(userId), expires, createdAt, lastSeenAt, userAgent, provider }
}

/** The methods called on their object, whatever the caller does with them. */
function bound(methods: OwnedSessionMethods): OwnedSessionMethods {
  return {
    createOwnedSession: (session) => methods.createOwnedSession(session),
    listOwnedSessions: (key) => methods.listOwnedSessions(key),
    ...(methods.touchOwnedSession ? { touchOwnedSession: (id, update) => methods.touchOwnedSession!(id, update) } : {}),
    revokeOwnedSession: (id) => methods.revokeOwnedSession(id),
    revokeOwnedSessions: (key, options) => methods.revokeOwnedSessions(key, options),
    ownerOfOwnedSession: (id) => methods.ownerOfOwnedSession(id),
  }
}
