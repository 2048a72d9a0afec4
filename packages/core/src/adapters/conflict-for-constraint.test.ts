import { expect, test } from "vitest"
import { AdapterConflictError } from "./adapter-conflict-error.js"
import { conflictForConstraint } from "./conflict-for-constraint.js"
import { unknownUser, writeConflicts } from "./write-conflicts.js"

const databaseError = Object.assign(new Error("constraint failed"), { code: "SOME_CODE" })

test("a unique failure becomes the conflict the write gives it, with the database error as cause", () => {
  const conflict = conflictForConstraint(databaseError, "unique", writeConflicts.createUser)
  expect(conflict).toBeInstanceOf(AdapterConflictError)
  expect(conflict).toMatchObject({
    name: "AdapterConflictError",
    code: "duplicate-email",
    message: "A user with this email already exists",
    cause: databaseError,
  })
})

test("a foreign-key failure becomes the write's foreign-key conflict", () => {
  const conflict = conflictForConstraint(databaseError, "foreign-key", writeConflicts.createSession)
  expect(conflict).toMatchObject({ code: unknownUser[0], message: unknownUser[1], cause: databaseError })
})

test("a failure the write gives no meaning to, or no constraint at all, is the database error itself", () => {
  expect(conflictForConstraint(databaseError, "foreign-key", writeConflicts.createUser)).toBe(databaseError)
  expect(conflictForConstraint(databaseError, undefined, writeConflicts.linkAccount)).toBe(databaseError)
})
