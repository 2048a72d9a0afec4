import { AdapterConflictError, type ConflictCode } from "./adapter-conflict-error.js"

/** The kinds of constraint failure an adapter gives a meaning to; each database reports them its own way. */
export type ConstraintKind = "unique" | "foreign-key"

/** A conflict's code and the message it carries. */
export type ConflictMeaning = readonly [ConflictCode, string]

/** The meaning of a constraint failure depends on the statement that hit it, so the caller supplies it. */
export interface ConstraintMeanings {
  unique?: ConflictMeaning
  foreignKey?: ConflictMeaning
}

/**
 * What a failed write should throw: the conflict its statement gives to this kind of constraint,
 * with the database error as `cause`, or the database error itself when the failure has no
 * meaning here (so outages and bugs surface as they are).
 */
export function conflictForConstraint(error: unknown, kind: ConstraintKind | undefined, meanings: ConstraintMeanings): unknown {
  const meaning = kind === "unique" ? meanings.unique : kind === "foreign-key" ? meanings.foreignKey : undefined
  return meaning ? new AdapterConflictError(meaning[0], meaning[1], { cause: error }) : error
}
