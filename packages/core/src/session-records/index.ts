/**
 * `@gatehouse/core/session-records`: the code that records sessions (lists, revokes, checks them on
 * every read; docs/sessions.md), for an adapter written by hand. The SQLite and PostgreSQL adapters
 * and the session stores (`@gatehouse/core/session-stores`) already carry it.
 *
 * ```ts
 * import { withSessionRecords } from "@gatehouse/core/session-records"
 * export const config = { adapter: withSessionRecords(myAdapter), providers }
 * ```
 */
import { type SessionRecordsCarrier, sessionRecordsKey } from "../adapters.js"
import { sessionRecords } from "./session-records-module.js"

export type { SessionRecordsCarrier } from "../adapters.js"

/**
 * The adapter or session store, carrying the code that records, checks, lists and revokes sessions
 * (docs/sessions.md). The SQLite and PostgreSQL adapters and the session stores come with it; an
 * adapter written by hand that has `listSessionsByUserId` and `deleteSessionsByUserId`, or the
 * owned-session methods, needs it (the config error SessionRecordsNotCarried says so otherwise).
 * Set on the object itself, enumerable: an adapter spread into another object (`{ ...adapter,
 * getUser }`) keeps it, and a class instance keeps its methods.
 */
export function withSessionRecords<Target extends object>(target: Target): Target & SessionRecordsCarrier {
  Object.defineProperty(target, sessionRecordsKey, { value: sessionRecords, enumerable: true, configurable: true })
  return target as Target & SessionRecordsCarrier
}
