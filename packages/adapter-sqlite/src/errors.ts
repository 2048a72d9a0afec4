import { conflictForConstraint, type ConstraintKind, type ConstraintMeanings } from "@gatehouse/core/adapters"

/** Which kind of constraint a better-sqlite3 error reports breaking, if any. */
function constraintKind(error: unknown): ConstraintKind | undefined {
  const code = (error as { code?: unknown } | null)?.code
  if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") return "unique"
  if (code === "SQLITE_CONSTRAINT_FOREIGNKEY") return "foreign-key"
  return undefined
}

/** Runs one write; a constraint the database refuses becomes the conflict the statement gives it. */
export function translatingConflicts<Result>(meanings: ConstraintMeanings, write: () => Result): Result {
  try {
    return write()
  } catch (error) {
    throw conflictForConstraint(error, constraintKind(error), meanings)
  }
}
