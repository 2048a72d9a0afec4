import type { InternalOptions } from "../config/internal-options.js"
import { UnknownAction } from "../errors.js"
import { emitEvent } from "../events/emit-event.js"
import type { RevokeTarget } from "../types.js"
import type { CurrentSession } from "./current-session.js"
import { remember } from "./revocation-checks.js"
import { sessionHandle } from "./session-handle.js"
import type { SessionManagingAdapter } from "./session-management-adapter.js"

export interface Revoked {
  revoked: number
  /** Whether the current session was among them (its cookie must be cleared). */
  signedOut: boolean
}

/**
 * Ends sessions of the current session's user: the one whose handle is `sessionId` (only among
 * this user's: another user's id matches nothing, and the answer is the same as for an unknown id),
 * all but the current one, or all. Deleting the rows is the revocation, for both strategies;
 * this process also refuses the JWT sessions at once, other instances within the check interval.
 */
export async function revokeFor(
  current: CurrentSession,
  target: RevokeTarget,
  options: Pick<InternalOptions, "events" | "logger">,
  adapter: SessionManagingAdapter,
): Promise<Revoked> {
  const rows = (await adapter.listSessionsByUserId(current.userId)).filter((row) => String(row.userId) === current.userId)
  let tokens: string[]
  let revoked: number
  if ("sessionId" in target) {
    const handles = await Promise.all(rows.map((row) => sessionHandle(row.sessionToken)))
    const row = rows[handles.indexOf(target.sessionId)]
    if (!row) return { revoked: 0, signedOut: false }
    await adapter.deleteSession(row.sessionToken)
    tokens = [row.sessionToken]
    revoked = 1
  } else if (target.scope === "others") {
    revoked = await adapter.deleteSessionsByUserId(current.userId, { except: current.sessionToken })
    tokens = rows.map((row) => row.sessionToken).filter((token) => token !== current.sessionToken)
  } else if (target.scope === "all") {
    revoked = await adapter.deleteSessionsByUserId(current.userId)
    tokens = [...new Set([...rows.map((row) => row.sessionToken), current.sessionToken])]
  } else {
    // A target built from unchecked input in app code (`{ scope: "other" }`, `{}`) must not read as "all".
    throw new UnknownAction("Revoking sessions needs sessionId (a session's id) or scope (others or all)")
  }
  await announceRevoked(current.userId, tokens, revoked, "user", options)
  return { revoked, signedOut: tokens.includes(current.sessionToken) }
}

/** Every session of `userId` ends (admin code, a password change): no current session involved. */
export async function revokeAllOf(
  userId: string,
  options: Pick<InternalOptions, "events" | "logger">,
  adapter: SessionManagingAdapter,
): Promise<number> {
  const rows = await adapter.listSessionsByUserId(userId)
  const revoked = await adapter.deleteSessionsByUserId(userId)
  await announceRevoked(
    userId,
    rows.map((row) => row.sessionToken),
    revoked,
    "all-sessions",
    options,
  )
  return revoked
}

type RevocationReason = "user" | "all-sessions" | "backchannel-logout"

/**
 * After `count` sessions of `userId` ended (the rows of `tokens`): this process refuses them at
 * once, and `sessionRevoked` says which and why (nothing when nothing ended).
 */
export async function announceRevoked(
  userId: string,
  tokens: string[],
  count: number,
  reason: RevocationReason,
  options: Pick<InternalOptions, "events" | "logger">,
): Promise<void> {
  for (const token of tokens) remember(token, true)
  if (count === 0 && tokens.length === 0) return
  const sessionIds = await Promise.all(tokens.map(sessionHandle))
  await emitEvent(options, "sessionRevoked", { userId, sessionIds, reason })
}
