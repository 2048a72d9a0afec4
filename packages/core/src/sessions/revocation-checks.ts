import type { InternalOptions } from "../providers/types.js"
import { SessionTokenError } from "../errors.js"
import type { JWT } from "../jwt/types.js"
import { sessionIdOf } from "../session-cookie/token-marks.js"
import { type IntervalAnswers, intervalAnswers } from "./interval-answers.js"
import { ownerKey, ownerOfToken } from "./session-owner.js"
import { type SessionRecords, sessionRecordsOfToken } from "./session-records.js"
import { retryUnfinishedSignOuts } from "./unfinished-sign-outs.js"

/**
 * Whether a recorded JWT session (by its `gatehouse.sid`) was revoked, asked of where it is
 * recorded (sessions/session-records.ts: the adapter or the session store) at most once per
 * `session.revocationCheckInterval` per session in this process. A revoked session's record is
 * gone, so the answer "revoked" never changes and is kept; "still there" is kept for the interval.
 * Between checks a read costs a Map lookup and no adapter or store call.
 */
interface State {
  checks: IntervalAnswers<{ revoked: boolean; owner?: string }>
  /** Checks in flight: a burst of reads of one session waits for one call, not one each. */
  inFlight: Map<string, Promise<boolean>>
}

/**
 * On globalThis, not in this module: a bundler may load several copies of core in one process (a
 * SvelteKit build bundles core but loads the SQLite adapter, which carries its own import of the
 * session-records code, from node_modules), and a revocation seen by one must be refused by all.
 */
const state = ((globalThis as Record<symbol, unknown>)[Symbol.for("gatehouse.revocationChecks")] ??= {
  checks: intervalAnswers<{ revoked: boolean; owner?: string }>(20_000),
  inFlight: new Map(),
}) as State
const { checks, inFlight } = state

/** Whether the token's recorded session was revoked; false for a token not recorded anywhere. */
export function isTokenRevoked(token: JWT, options: InternalOptions): boolean | Promise<boolean> {
  const sid = sessionIdOf(token)
  if (!sid) return false
  const owner = ownerOfToken(token)
  // Where it is recorded is looked up only when a check must ask: the steady state is a Map lookup.
  return isRevoked(sid, owner ? ownerKey(owner) : undefined, () => sessionRecordsOfToken(token, options), options)
}

/**
 * Synchronous when the answer is known (the steady state): a read then awaits nothing extra.
 * `owner` undefined: a token without `sub` (a jwt callback dropped it) is revoked only when its record is gone.
 */
export function isRevoked(
  sid: string,
  owner: string | undefined,
  recordsOf: SessionRecords | (() => SessionRecords | undefined),
  options: Pick<InternalOptions, "session" | "logger">,
): boolean | Promise<boolean> {
  const known = checks.get(sid)
  if (known?.value.revoked) return true
  // "Still there" holds only for a token naming the record's owner: one whose `sub` a jwt callback
  // rewrote is asked about afresh (and refused: it is not that owner's session).
  if (known && known.value.owner === owner && Date.now() - known.at < options.session.revocationCheckInterval * 1000) return false
  // Per session and owner: a token naming another owner must not share the owner's answer.
  const key = `${sid}\n${owner}`
  let pending = inFlight.get(key)
  if (!pending) {
    const records = typeof recordsOf === "function" ? recordsOf() : recordsOf
    // Recorded nowhere (no adapter or store keeps such sessions): nothing can revoke it.
    if (!records) return false
    pending = ask(sid, owner, records, options).finally(() => inFlight.delete(key))
    inFlight.set(key, pending)
  }
  return pending
}

async function ask(
  sid: string,
  owner: string | undefined,
  records: SessionRecords,
  options: Pick<InternalOptions, "logger">,
): Promise<boolean> {
  const asked = checks.asking()
  try {
    const found = await records.ownerOfOwnedSession(sid)
    // The adapter or store answers again: finish the sign-outs it could not take (not awaited: the read goes on).
    void retryUnfinishedSignOuts()
    const revoked = found === null || (owner !== undefined && found !== owner)
    // A revocation recorded while the question was in flight wins over its older answer (hole 2).
    const kept = checks.settle(sid, asked, { revoked, owner }, revoked)
    return revoked || !!kept?.value.revoked
  } catch (error) {
    // The database (or store) did not answer. Serving the session is the lesser harm: signing every
    // user out during an outage would be worse than a revocation applying late. The check is not
    // recorded, so the next read asks again and a revocation applies as soon as it answers.
    options.logger.error(new SessionTokenError("Could not check whether a JWT session was revoked; served it meanwhile", error as Error))
    return checks.get(sid)?.value.revoked ?? false
  }
}

/** Records a known answer: at sign-in "not revoked" for its owner, at a revocation in this process "revoked" (final). */
export function remember(sid: string, revoked: boolean, owner?: string): void {
  checks.record(sid, { revoked, owner }, revoked)
}

/** How many sessions this process remembers a check for (tests, diagnostics). */
export function revocationCheckEntries(): number {
  return checks.size()
}
