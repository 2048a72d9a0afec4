import type { Adapter } from "@gatehouse/core/adapters"

/**
 * Adapter methods come in groups that only make sense together (a session that can be
 * created but never read is useless). The suite runs a group when the adapter has all of
 * its methods, leaves it out when it has none, and fails when it has some.
 */
export const capabilityGroups = {
  users: ["createUser", "getUser", "getUserByEmail", "updateUser"],
  deleteUser: ["deleteUser"],
  accounts: ["linkAccount", "getUserByAccount"],
  unlinkAccount: ["unlinkAccount"],
  getAccount: ["getAccount"],
  sessions: ["createSession", "getSessionAndUser", "updateSession", "deleteSession"],
  verificationTokens: ["createVerificationToken", "useVerificationToken"],
  authenticators: ["createAuthenticator", "getAuthenticator", "listAuthenticatorsByUserId", "updateAuthenticatorCounter"],
  removeUserAttachments: ["removeUserAttachments"],
  createUserWithAccount: ["createUserWithAccount"],
  accountTokens: ["getAccountByUserId", "updateAccountTokens"],
  sessionManagement: ["listSessionsByUserId", "deleteSessionsByUserId"],
  sessionsByProviderSession: ["listSessionsByProviderSessionId"],
  secondFactors: ["getSecondFactor", "setSecondFactor", "deleteSecondFactor", "claimTotpStep", "useBackupCode", "countSecondFactorFailure"],
  // touchOwnedSession is optional (records then keep their first expiry); tested when present.
  ownedSessions: ["createOwnedSession", "listOwnedSessions", "revokeOwnedSession", "revokeOwnedSessions", "ownerOfOwnedSession"],
  passwordHashes: ["getPasswordHash", "setPasswordHash"],
  // The account endpoints (docs/account.md): each alone, since an adapter without passkeys has no use for the second.
  listAccounts: ["listAccountsByUserId"],
  deleteAuthenticator: ["deleteAuthenticator"],
  renameAuthenticator: ["renameAuthenticator"],
} as const satisfies Record<string, readonly (keyof Adapter)[]>

export type CapabilityGroup = keyof typeof capabilityGroups

export interface CapabilityReport {
  implemented: CapabilityGroup[]
  absent: CapabilityGroup[]
  /** Groups with some but not all methods, and the methods they lack. */
  partial: { group: CapabilityGroup; missing: string[] }[]
}

export function detectCapabilities(adapter: Adapter): CapabilityReport {
  const report: CapabilityReport = { implemented: [], absent: [], partial: [] }
  for (const [group, methods] of Object.entries(capabilityGroups) as [CapabilityGroup, readonly (keyof Adapter & string)[]][]) {
    const missing = methods.filter((method) => typeof adapter[method] !== "function")
    if (missing.length === 0) report.implemented.push(group)
    else if (missing.length === methods.length) report.absent.push(group)
    else report.partial.push({ group, missing })
  }
  return report
}
