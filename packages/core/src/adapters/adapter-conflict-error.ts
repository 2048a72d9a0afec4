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
 * One class for every adapter, so `instanceof` holds whichever database an app runs on.
 */
export class AdapterConflictError extends Error {
  readonly code: ConflictCode

  constructor(code: ConflictCode, message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = "AdapterConflictError"
    this.code = code
  }
}
