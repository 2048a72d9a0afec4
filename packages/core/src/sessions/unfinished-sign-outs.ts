import type { Adapter, AdapterSession, OwnedSession, OwnedSessionMethods } from "../adapters.js"
import { sha256Hex } from "../crypto/sha256-hex.js"

/**
 * Sessions signed out while the database refused to delete their row: the cookie was cleared
 * (sign-out always clears it, as in Auth.js), but the row stayed, and would list as a live device
 * until it expires. Kept in this process, so that the user's next listing of their sessions
 * deletes those rows first; a JWT session's record is also deleted as soon as the adapter or
 * store answers again (retryUnfinishedSignOuts), so every instance refuses it. Bounded: the
 * oldest go first.
 *
 * Kept by the token's SHA-256, not the token: a database session's token is the cookie as sent,
 * which an attacker chooses, and one the database refuses (a NUL byte makes PostgreSQL refuse the
 * DELETE) would otherwise be kept whole, a whole request header per sign-out.
 */
interface State {
  unfinished: Set<string>
  pendingRevocations: Map<string, Pick<OwnedSessionMethods, "revokeOwnedSession">>
  retrying?: Promise<void>
}

/** On globalThis, not in this module: every copy of core in the process (see revocation-checks.ts) finishes the same sign-outs. */
const state = ((globalThis as Record<symbol, unknown>)[Symbol.for("gatehouse.unfinishedSignOuts")] ??= {
  unfinished: new Set(),
  pendingRevocations: new Map(),
}) as State
const { unfinished, pendingRevocations } = state
const maxEntries = 10_000

/** Deletes a signed-out session's row; when that fails, remembers it for the next listing, and throws as the adapter did. */
export async function deleteSignedOutSession(
  adapter: Pick<Required<Adapter>, "deleteSession">,
  sessionToken: string,
): Promise<AdapterSession | null | undefined> {
  // An Auth.js adapter may return nothing at all (void): read as undefined.
  return (await rememberedIfUnfinished(sessionToken, () => adapter.deleteSession(sessionToken))) as AdapterSession | null | undefined
}

/**
 * The same for a recorded JWT session (sessions/session-records.ts), wherever it is recorded. Its id
 * is ours (a random `gatehouse.sid` from a token we encrypted, never a value a client chose), so it is
 * also kept whole, with where it is recorded, and the revocation is retried as soon as the adapter or
 * store answers again (retryUnfinishedSignOuts): then every instance refuses the signed-out token,
 * not just this one, whether or not the user ever lists their sessions here.
 */
export async function revokeSignedOutSession(records: Pick<OwnedSessionMethods, "revokeOwnedSession">, id: string): Promise<void> {
  try {
    await rememberedIfUnfinished(id, () => records.revokeOwnedSession(id))
  } catch (error) {
    pendingRevocations.delete(id)
    if (pendingRevocations.size >= maxEntries) pendingRevocations.delete(pendingRevocations.keys().next().value!)
    pendingRevocations.set(id, records)
    throw error
  }
}

/**
 * Retries the revocations of signed-out JWT sessions that failed (the database or store was down at
 * sign-out). Called when a revocation check got an answer (so the adapter or store is back); one
 * retry at a time, and a failure leaves the rest for the next call.
 */
export function retryUnfinishedSignOuts(): Promise<void> {
  if (pendingRevocations.size === 0) return Promise.resolve()
  state.retrying ??= (async () => {
    for (const [id, records] of [...pendingRevocations]) {
      try {
        await records.revokeOwnedSession(id)
      } catch {
        return
      }
      pendingRevocations.delete(id)
      unfinished.delete(await sha256Hex(id))
    }
  })().finally(() => {
    state.retrying = undefined
  })
  return state.retrying
}

async function rememberedIfUnfinished(key: string, end: () => unknown): Promise<unknown> {
  try {
    return await end()
  } catch (error) {
    const digest = await sha256Hex(key)
    unfinished.delete(digest)
    if (unfinished.size >= maxEntries) unfinished.delete(unfinished.values().next().value!)
    unfinished.add(digest)
    throw error
  }
}

/**
 * The rows as listed, less those of a sign-out this process could not finish, now deleted. A row
 * whose delete fails again stays in the list (it is still there: a copy of its cookie may still be
 * read on another instance, so the user must be able to see and revoke it) and is tried again at the
 * next listing.
 */
export async function finishSignOuts(rows: AdapterSession[], adapter: Pick<Required<Adapter>, "deleteSession">): Promise<AdapterSession[]> {
  return finished(
    rows,
    (row) => row.sessionToken,
    (token) => adapter.deleteSession(token),
  )
}

/** finishSignOuts for recorded sessions wherever they are recorded. */
export async function finishOwnedSignOuts(
  records: OwnedSession[],
  methods: Pick<OwnedSessionMethods, "revokeOwnedSession">,
): Promise<OwnedSession[]> {
  return finished(
    records,
    (record) => record.id,
    (id) => methods.revokeOwnedSession(id),
  )
}

async function finished<T>(rows: T[], keyOf: (row: T) => string, end: (key: string) => unknown): Promise<T[]> {
  if (unfinished.size === 0) return rows
  const left: T[] = []
  for (const row of rows) {
    const digest = await sha256Hex(keyOf(row))
    if (!unfinished.has(digest)) {
      left.push(row)
      continue
    }
    try {
      await end(keyOf(row))
      unfinished.delete(digest)
    } catch {
      left.push(row)
    }
  }
  return left
}

/** How many signed-out JWT sessions wait for their record to be deleted (tests, diagnostics). */
export function pendingSignOutRevocations(): number {
  return pendingRevocations.size
}

/** How many sign-outs this process remembers, and the characters kept for them (tests, diagnostics). */
export function unfinishedSignOutStats(): { entries: number; chars: number } {
  let chars = 0
  for (const kept of unfinished) chars += kept.length
  return { entries: unfinished.size, chars }
}
