import type { Adapter } from "@gatehouse/core/adapters"

/** The kinds of record an adapter keeps, named independently of any table naming. */
export type RecordKind = "users" | "accounts" | "sessions" | "verificationTokens" | "authenticators"

/**
 * Read-only access to the database behind the adapter. The suite uses it to check what the
 * adapter's own methods cannot show: that a rejected write left no row behind and that
 * deleting a user removed its dependent rows rather than merely hiding them.
 */
export interface RowInspector {
  /** How many rows of `kind` exist; only those belonging to `userId` when it is given (for users: that user's row). */
  count(kind: RecordKind, userId?: string): Promise<number>
}

/** The kinds of record `removeUserAttachments` deletes. */
export type AttachmentKind = "accounts" | "sessions" | "authenticators"

export interface ConformanceOptions {
  /** Shown as the top-level `describe` name. */
  name: string
  /** Builds the adapter under test; called once, after `setup`. */
  adapter: () => Adapter | Promise<Adapter>
  /** Prepares the database (create it, migrate it); runs before `adapter()`. */
  setup?: () => unknown | Promise<unknown>
  /** Releases the database (close pools, drop it); runs after every test. */
  teardown?: () => unknown | Promise<unknown>
  /** Strongly recommended: lets the suite verify "no partial rows" and real cascades. */
  inspect?: RowInspector
  /**
   * Recommended when the adapter has `removeUserAttachments`: makes every delete of `kind` fail
   * with a real database error (a trigger, a revoked privilege) and resolves to a function that
   * undoes that. The suite uses it to check that removeUserAttachments is all or nothing.
   */
  failDeletes?: (kind: AttachmentKind) => Promise<() => Promise<void>>
  /**
   * The Gatehouse contract types ids as strings. Auth.js adapters on SERIAL schemas
   * (e.g. `@auth/pg-adapter`) return numbers; "string-or-number" accepts those, and the
   * suite then compares ids by their string form everywhere.
   */
  idType?: "string" | "string-or-number"
  /**
   * Whether the adapter records the dates the account page shows (an account's `linkedAt`, a passkey's
   * `createdAt` and `lastUsedAt`). Default true; false for a schema that has no place for them yet
   * (an Auth.js schema before Gatehouse's migration): the date checks are then left out, as the
   * "capabilities" test's name says.
   */
  keepsDates?: boolean
}
