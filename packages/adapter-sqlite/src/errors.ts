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

interface SqliteError {
  code?: unknown
}

/** The meaning of a constraint failure depends on the statement that hit it, so the caller supplies it. */
export interface ConstraintMeanings {
  unique?: [ConflictCode, string]
  foreignKey?: [ConflictCode, string]
}

export function translateConstraintFailure(error: unknown, meanings: ConstraintMeanings): unknown {
  const code = (error as SqliteError | null)?.code
  const meaning =
    code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY"
      ? meanings.unique
      : code === "SQLITE_CONSTRAINT_FOREIGNKEY"
        ? meanings.foreignKey
        : undefined
  return meaning ? new AdapterConflictError(meaning[0], meaning[1], { cause: error }) : error
}
