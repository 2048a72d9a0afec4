import type { Adapter, AdapterSession } from "../adapters.js"

/**
 * Sessions signed out while the database refused to delete their row: the cookie was cleared
 * (sign-out always clears it, as in Auth.js), but the row stayed, and would list as a live device
 * until it expires. Kept by token in this process, so that the user's next listing of their
 * sessions deletes those rows first. Another instance does not know of them: there, such a row
 * lists until it expires or is revoked, as before. Bounded: the oldest go first.
 */
const unfinished = new Set<string>()
const maxEntries = 10_000

/** Deletes a signed-out session's row; when that fails, remembers it for the next listing, and throws as the adapter did. */
export async function deleteSignedOutSession(
  adapter: Pick<Required<Adapter>, "deleteSession">,
  sessionToken: string,
): Promise<AdapterSession | null | undefined> {
  try {
    // An Auth.js adapter may return nothing at all (void): read as undefined.
    return (await adapter.deleteSession(sessionToken)) as AdapterSession | null | undefined
  } catch (error) {
    if (unfinished.size >= maxEntries) unfinished.delete(unfinished.values().next().value!)
    unfinished.add(sessionToken)
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
  if (unfinished.size === 0) return rows
  const left: AdapterSession[] = []
  for (const row of rows) {
    if (!unfinished.has(row.sessionToken)) {
      left.push(row)
      continue
    }
    try {
      await adapter.deleteSession(row.sessionToken)
      unfinished.delete(row.sessionToken)
    } catch {
      left.push(row)
    }
  }
  return left
}
