import type { InternalOptions } from "../providers/types.js"
import { UnknownAction } from "../errors.js"
import { emitEvent } from "../config/default-callbacks.js"
import type { RevokeTarget } from "../types.js"
import type { CurrentSession } from "./current-session.js"
import { sessionHandle } from "./list-user-sessions.js"
import { remember } from "./revocation-checks.js"
import type { SessionOwner } from "./session-owner.js"
import { ownerRecords } from "./session-records.js"

export interface Revoked {
  revoked: number
  /** Whether the current session was among them (its cookie must be cleared). */
  signedOut: boolean
}

/**
 * Ends sessions of the current session's owner: the one whose handle is `sessionId` (only among
 * the owner's: another's id matches nothing, and the answer is the same as for an unknown id),
 * all but the current one, or all. Deleting the records is the revocation, for both strategies and
 * wherever they are recorded (sessions/session-records.ts); this process also refuses the JWT
 * sessions at once, other instances within the check interval.
 */
export async function revokeFor(
  current: CurrentSession,
  target: RevokeTarget,
  options: Pick<InternalOptions, "events" | "logger">,
): Promise<Revoked> {
  const { records, ownerKey } = current
  const rows = (await records.listOwnedSessions(ownerKey)).filter((row) => row.ownerKey === ownerKey)
  let tokens: string[]
  let revoked: number
  if ("sessionId" in target) {
    const handles = await Promise.all(rows.map((row) => sessionHandle(row.id)))
    const row = rows[handles.indexOf(target.sessionId)]
    if (!row) return { revoked: 0, signedOut: false }
    await records.revokeOwnedSession(row.id)
    tokens = [row.id]
    revoked = 1
  } else if (target.scope === "others") {
    revoked = await records.revokeOwnedSessions(ownerKey, { except: current.sessionToken })
    tokens = rows.map((row) => row.id).filter((token) => token !== current.sessionToken)
  } else if (target.scope === "all") {
    revoked = await records.revokeOwnedSessions(ownerKey)
    tokens = [...new Set([...rows.map((row) => row.id), current.sessionToken])]
  } else {
    // A target built from unchecked input in app code (`{ scope: "other" }`, `{}`) must not read as "all".
    throw new UnknownAction("Revoking sessions needs sessionId (a session's id) or scope (others or all)")
  }
  await announceRevoked(current.owner, tokens, revoked, "user", options)
  return { revoked, signedOut: tokens.includes(current.sessionToken) }
}

/** Every session of `owner` ends (admin code, a password change): no current session involved. */
export async function revokeAllOf(
  owner: SessionOwner,
  options: Pick<InternalOptions, "events" | "logger" | "adapter" | "session">,
): Promise<number> {
  const { key, records } = ownerRecords(owner, options)
  const rows = await records.listOwnedSessions(key)
  const revoked = await records.revokeOwnedSessions(key)
  await announceRevoked(
    owner,
    rows.filter((row) => row.ownerKey === key).map((row) => row.id),
    revoked,
    "all-sessions",
    options,
  )
  return revoked
}

type RevocationReason = "user" | "all-sessions" | "backchannel-logout"

/**
 * After `count` sessions of `owner` ended (the records `tokens`): this process refuses them at
 * once, and `sessionRevoked` says which and why (nothing when nothing ended). An app's own user is
 * named as the app knows them: `userId` is authorize's id, with `provider` the credentials provider.
 */
export async function announceRevoked(
  owner: SessionOwner | string,
  tokens: string[],
  count: number,
  reason: RevocationReason,
  options: Pick<InternalOptions, "events" | "logger">,
): Promise<void> {
  for (const token of tokens) remember(token, true)
  if (count === 0 && tokens.length === 0) return
  const sessionIds = await Promise.all(tokens.map(sessionHandle))
  const who =
    typeof owner === "string"
      ? { userId: owner }
      : owner.kind === "user"
        ? { userId: owner.userId }
        : { userId: owner.appUserId, provider: owner.provider }
  await emitEvent(options, "sessionRevoked", { ...who, sessionIds, reason })
}
