/** Why a write was refused, stable across adapters so callers can branch on it. */
export type ConflictCode =
  | "duplicate-email"
  | "account-already-linked"
  | "credential-already-registered"
  | "duplicate-session-token"
  | "duplicate-verification-token"
  | "unknown-user"
  | "unknown-authenticator"

/**
 * A write the database refused because it would break an invariant (one user per email,
 * one owner per provider account, ...). Nothing was written. The database error is `cause`.
 */
export class AdapterConflictError extends Error {
  readonly code: ConflictCode

  constructor(code: ConflictCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = "AdapterConflictError"
    this.code = code
  }
}

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

/** The meaning of a constraint failure depends on the statement that hit it, so the caller supplies it. */
export interface ConstraintMeanings {
  unique?: [ConflictCode, string]
  /** Also used for a user id that cannot exist at all. */
  foreignKey?: [ConflictCode, string]
}

export function translateConstraintFailure(error: unknown, meanings: ConstraintMeanings): unknown {
  const code = sqlState(error)
  const meaning =
    code === uniqueViolation
      ? meanings.unique
      : code === foreignKeyViolation || isMalformedId(error)
        ? meanings.foreignKey
        : undefined
  return meaning ? new AdapterConflictError(meaning[0], meaning[1], { cause: error }) : error
}
