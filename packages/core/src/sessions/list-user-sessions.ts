import type { OwnedSession } from "../adapters.js"
import type { SessionInfo } from "../types.js"
import { sha256Hex } from "../crypto/sha256-hex.js"
import type { CurrentSession } from "./current-session.js"
import { finishOwnedSignOuts } from "./unfinished-sign-outs.js"

/**
 * The user's unexpired sessions, the current one first, then the most recently active. A row a
 * sign-out in this process could not delete (the database failed then) is deleted now, not listed.
 */
export async function listUserSessions(current: CurrentSession): Promise<SessionInfo[]> {
  const rows = await current.records.listOwnedSessions(current.ownerKey)
  const now = Date.now()
  const unexpired = rows.filter((row) => row.ownerKey === current.ownerKey && dateOf(row.expires)! > now)
  const live = await finishOwnedSignOuts(unexpired, current.records)
  const listed = await Promise.all(live.map((row) => sessionInfo(row, row.id === current.sessionToken)))
  return listed.sort((a, b) => Number(b.current) - Number(a.current) || activity(b) - activity(a))
}

async function sessionInfo(row: OwnedSession, current: boolean): Promise<SessionInfo> {
  return {
    id: await sessionHandle(row.id),
    current,
    createdAt: isoOf(row.createdAt),
    lastSeenAt: isoOf(row.lastSeenAt),
    expires: isoOf(row.expires)!,
    userAgent: row.userAgent ?? null,
    provider: row.provider ?? null,
  }
}

function activity(info: SessionInfo): number {
  return Date.parse(info.lastSeenAt ?? info.createdAt ?? "") || 0
}

/** Adapters return Dates; one reviving JSON may return text. */
function dateOf(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const time = new Date(value).valueOf()
  return Number.isNaN(time) ? null : time
}

function isoOf(value: Date | string | null | undefined): string | null {
  const time = dateOf(value)
  return time === null ? null : new Date(time).toISOString()
}

/**
 * The id a session is listed and revoked by: a one-way handle of its token, so that listing
 * sessions never hands a page script another browser's session token (or a JWT session's
 * record key), and the same session always has the same id.
 */
export async function sessionHandle(sessionToken: string): Promise<string> {
  return (await sha256Hex(`gatehouse-session:${sessionToken}`)).slice(0, 32)
}
