import type { ConflictMeaning, ConstraintMeanings } from "./conflict-for-constraint.js"

/** A write names a user that is not there (or an id that could never name one). */
export const unknownUser: ConflictMeaning = ["unknown-user", "The user this record belongs to does not exist"]

/** A counter update names a credential no authenticator has. */
export const unknownAuthenticator: ConflictMeaning = ["unknown-authenticator", "No authenticator has this credential ID"]

/**
 * What a constraint failure means for each adapter write. Every database adapter uses this one
 * table, so a caller sees the same code and message whichever database the app runs on.
 */
export const writeConflicts = {
  createUser: { unique: ["duplicate-email", "A user with this email already exists"] },
  updateUser: { unique: ["duplicate-email", "Another user already has this email"], foreignKey: unknownUser },
  linkAccount: { unique: ["account-already-linked", "This provider account is already linked to a user"], foreignKey: unknownUser },
  createSession: { unique: ["duplicate-session-token", "A session with this token already exists"], foreignKey: unknownUser },
  updateSession: { foreignKey: unknownUser },
  createVerificationToken: { unique: ["duplicate-verification-token", "This verification token already exists"] },
  setPasswordHash: { foreignKey: unknownUser },
  createAuthenticator: { unique: ["credential-already-registered", "This credential is already registered"], foreignKey: unknownUser },
} satisfies Record<string, ConstraintMeanings>
