import type { OwnedSession, OwnedSessionMethods } from "@gatehouse/core/adapters"
import type { Pool } from "pg"
import { MigrationRequiredError } from "./session-metadata.js"

/** The schema version that made owned_sessions. */
const ownedSessionsVersion = 9
const ownedColumns = `id, "ownerKey", expires, "createdAt", "lastSeenAt", "userAgent", provider`
const undefinedTable = "42P01"

const queries = {
  insert: {
    name: "gatehouse_insert_owned_session",
    text: `INSERT INTO owned_sessions (${ownedColumns}) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
  },
  ofOwner: { name: "gatehouse_owned_sessions_of", text: `SELECT ${ownedColumns} FROM owned_sessions WHERE "ownerKey" = $1` },
  touch: { name: "gatehouse_touch_owned_session", text: `UPDATE owned_sessions SET expires = $2, "lastSeenAt" = $3 WHERE id = $1` },
  delete: { name: "gatehouse_delete_owned_session", text: `DELETE FROM owned_sessions WHERE id = $1` },
  deleteOfOwnerExcept: {
    name: "gatehouse_delete_owned_sessions_of",
    text: `DELETE FROM owned_sessions WHERE "ownerKey" = $1 AND ($2::text IS NULL OR id <> $2::text)`,
  },
  // Expired records count as gone: the revocation check must not keep an expired session alive.
  ownerOf: { name: "gatehouse_owner_of_owned_session", text: `SELECT "ownerKey" FROM owned_sessions WHERE id = $1 AND expires > now()` },
}

/**
 * The owned-session methods (core's OwnedSessionMethods) on the owned_sessions table: sessions of
 * an app's own users (a Credentials `authorize` that returns the app's users), keyed by owner key.
 */
export function ownedSessionMethods(pool: Pool): OwnedSessionMethods {
  const run = async <Row extends object>(method: string, query: { name: string; text: string }, values: unknown[]) => {
    try {
      return await pool.query<Row>({ ...query, values })
    } catch (error) {
      if ((error as { code?: string })?.code === undefinedTable) throw new MigrationRequiredError(method, ownedSessionsVersion)
      throw error
    }
  }
  return {
    async createOwnedSession(session) {
      const { id, ownerKey, expires, createdAt, lastSeenAt, userAgent, provider } = session
      await run("createOwnedSession", queries.insert, [
        id,
        ownerKey,
        expires,
        createdAt ?? null,
        lastSeenAt ?? null,
        userAgent ?? null,
        provider ?? null,
      ])
    },
    async listOwnedSessions(ownerKey) {
      return (await run<OwnedSession>("listOwnedSessions", queries.ofOwner, [ownerKey])).rows
    },
    async touchOwnedSession(id, { expires, lastSeenAt }) {
      await run("touchOwnedSession", queries.touch, [id, expires, lastSeenAt])
    },
    async revokeOwnedSession(id) {
      return ((await run("revokeOwnedSession", queries.delete, [id])).rowCount ?? 0) > 0
    },
    async revokeOwnedSessions(ownerKey, options) {
      return (await run("revokeOwnedSessions", queries.deleteOfOwnerExcept, [ownerKey, options?.except ?? null])).rowCount ?? 0
    },
    async ownerOfOwnedSession(id) {
      return (await run<{ ownerKey: string }>("ownerOfOwnedSession", queries.ownerOf, [id])).rows[0]?.ownerKey ?? null
    },
  }
}
