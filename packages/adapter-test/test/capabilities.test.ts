import { describe, expect, test } from "vitest"
import { detectCapabilities } from "../src/index.js"

const noop = async () => null

describe("detectCapabilities", () => {
  test("an adapter with every method implements every group", () => {
    const names = [
      "createUser",
      "getUser",
      "getUserByEmail",
      "updateUser",
      "deleteUser",
      "linkAccount",
      "getUserByAccount",
      "unlinkAccount",
      "getAccount",
      "createSession",
      "getSessionAndUser",
      "updateSession",
      "deleteSession",
      "createVerificationToken",
      "useVerificationToken",
      "createAuthenticator",
      "getAuthenticator",
      "listAuthenticatorsByUserId",
      "updateAuthenticatorCounter",
      "removeUserAttachments",
      "createUserWithAccount",
      "getAccountByUserId",
      "updateAccountTokens",
      "getPasswordHash",
      "setPasswordHash",
      "listSessionsByUserId",
      "deleteSessionsByUserId",
      "listSessionsByProviderSessionId",
      "createOwnedSession",
      "listOwnedSessions",
      "revokeOwnedSession",
      "revokeOwnedSessions",
      "ownerOfOwnedSession",
      "getSecondFactor",
      "setSecondFactor",
      "deleteSecondFactor",
      "claimTotpStep",
      "useBackupCode",
      "countSecondFactorFailure",
      "getPasswordHash",
      "setPasswordHash",
      "listAccountsByUserId",
      "deleteAuthenticator",
      "renameAuthenticator",
    ]
    const report = detectCapabilities(Object.fromEntries(names.map((name) => [name, noop])))
    expect(report.absent).toEqual([])
    expect(report.partial).toEqual([])
    expect(report.implemented).toHaveLength(19)
  })

  test("a group with only some methods is reported as partial, with what it lacks", () => {
    const report = detectCapabilities({ createSession: noop, getSessionAndUser: noop } as never)
    expect(report.partial).toEqual([{ group: "sessions", missing: ["updateSession", "deleteSession"] }])
    expect(report.absent).toContain("users")
  })

  test("session management is one group: listing without deleting is partial", () => {
    const report = detectCapabilities({ listSessionsByUserId: noop } as never)
    expect(report.partial).toEqual([{ group: "sessionManagement", missing: ["deleteSessionsByUserId"] }])
  })

  test("a property that is not a function does not count as a method", () => {
    const report = detectCapabilities({ deleteUser: "yes" } as never)
    expect(report.absent).toContain("deleteUser")
  })
})
