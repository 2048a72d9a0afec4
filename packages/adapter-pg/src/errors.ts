import { conflictForConstraint, type ConstraintKind, type ConstraintMeanings } from "@gatehouse/core/adapters"

/** PostgreSQL SQLSTATE codes the adapter gives a meaning to. */
const uniqueViolation = "23505"
const foreignKeyViolation = "23503"
const invalidTextRepresentation = "22P02"
const numericValueOutOfRange = "22003"

function sqlState(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code
}

/**
 * An id that cannot be a key of users (text where ids are SERIAL integers, or out of range)
 * names no row: lookups treat it as "not found" rather than as a database failure.
 */
export function isMalformedId(error: unknown): boolean {
  const code = sqlState(error)
  return code === invalidTextRepresentation || code === numericValueOutOfRange
}

/** Runs a statement keyed by a user id: an id that cannot exist in this schema finds `nothing`. */
export async function byUserId<Result>(nothing: Result, run: () => Promise<Result>): Promise<Result> {
  try {
    return await run()
  } catch (error) {
    if (isMalformedId(error)) return nothing
    throw error
  }
}

/** Which kind of constraint a node-postgres error reports breaking, if any. */
function constraintKind(error: unknown): ConstraintKind | undefined {
  const code = sqlState(error)
  if (code === uniqueViolation) return "unique"
  // A user id that cannot exist at all means what one that does not exist means.
  if (code === foreignKeyViolation || isMalformedId(error)) return "foreign-key"
  return undefined
}

/** Runs one write; a constraint the database refuses becomes the conflict the statement gives it. */
export async function translatingConflicts<Result>(meanings: ConstraintMeanings, write: () => Promise<Result>): Promise<Result> {
  try {
    return await write()
  } catch (error) {
    throw conflictForConstraint(error, constraintKind(error), meanings)
  }
}
