import { afterAll, describe, expect, test } from "vitest"
import type { Adapter } from "@gatehouse/core/adapters"
import { detectCapabilities } from "./capabilities.js"
import { SuiteContext } from "./context.js"
import { registerAccountTests, registerGetAccountTests, registerUnlinkAccountTests } from "./groups/accounts.js"
import { registerAccountTokenTests } from "./groups/account-tokens.js"
import { registerAuthenticatorTests } from "./groups/authenticators.js"
import { registerDeleteAuthenticatorTests, registerListAccountsTests, registerRenameAuthenticatorTests } from "./groups/account-listing.js"
import { registerCreateUserWithAccountTests } from "./groups/create-user-with-account.js"
import { registerDeleteUserTests } from "./groups/delete-user.js"
import { registerRemoveUserAttachmentsTests } from "./groups/remove-user-attachments.js"
import { registerOwnedSessionTests } from "./groups/owned-sessions.js"
import { registerPasswordHashTests } from "./groups/password-hashes.js"
import { registerSessionManagementTests } from "./groups/session-management.js"
import { registerSessionsByProviderSessionTests } from "./groups/sessions-by-provider-session.js"
import { registerSecondFactorTests } from "./groups/second-factors.js"
import { registerSessionTests } from "./groups/sessions.js"
import { registerUserTests } from "./groups/users.js"
import { registerVerificationTokenTests } from "./groups/verification-tokens.js"
import type { ConformanceOptions } from "./options.js"

const registrars = {
  users: registerUserTests,
  deleteUser: registerDeleteUserTests,
  accounts: registerAccountTests,
  unlinkAccount: registerUnlinkAccountTests,
  getAccount: registerGetAccountTests,
  sessions: registerSessionTests,
  verificationTokens: registerVerificationTokenTests,
  authenticators: registerAuthenticatorTests,
  removeUserAttachments: registerRemoveUserAttachmentsTests,
  createUserWithAccount: registerCreateUserWithAccountTests,
  accountTokens: registerAccountTokenTests,
  sessionManagement: registerSessionManagementTests,
  sessionsByProviderSession: registerSessionsByProviderSessionTests,
  secondFactors: registerSecondFactorTests,
  ownedSessions: registerOwnedSessionTests,
  passwordHashes: registerPasswordHashTests,
  listAccounts: registerListAccountsTests,
  deleteAuthenticator: registerDeleteAuthenticatorTests,
  renameAuthenticator: registerRenameAuthenticatorTests,
} as const

/**
 * Registers the Gatehouse adapter conformance suite with vitest. Call it at the top level of
 * a test file. `setup` and `adapter()` run while vitest collects the file, because which
 * tests exist depends on which methods the adapter has: groups whose methods the adapter
 * lacks entirely are left out (named in the "capabilities" test), never silently skipped.
 */
export function runAdapterConformance(options: ConformanceOptions): void {
  describe(options.name, async () => {
    afterAll(async () => {
      await options.teardown?.()
    })
    await options.setup?.()
    const adapter: Adapter = await options.adapter()
    const capabilities = detectCapabilities(adapter)

    const dates = options.keepsDates === false ? "; leaves out the account page's dates (keepsDates: false)" : ""
    test(`capabilities: runs ${capabilities.implemented.join(", ")}; leaves out ${capabilities.absent.join(", ") || "nothing"}${dates}`, () => {
      // A half-implemented group would fail at run time in core; say so here, by name.
      expect(capabilities.partial).toEqual([])
      // Without users nothing else can be exercised.
      expect(capabilities.implemented).toContain("users")
    })

    if (!capabilities.implemented.includes("users")) return
    const ctx = new SuiteContext(adapter as Required<Adapter>, capabilities.implemented, options)
    for (const group of capabilities.implemented) {
      // Authenticators and getAccount hang off accounts: they need linkAccount to set up.
      if ((group === "authenticators" || group === "getAccount") && !ctx.has("accounts")) continue
      if ((group === "unlinkAccount" || group === "accountTokens" || group === "listAccounts") && !ctx.has("accounts")) continue
      if ((group === "deleteAuthenticator" || group === "renameAuthenticator") && !(ctx.has("accounts") && ctx.has("authenticators")))
        continue
      if (group === "unlinkAccount" && !ctx.has("accounts")) continue
      // Listing and revoking sessions needs sessions to make.
      if ((group === "sessionManagement" || group === "sessionsByProviderSession") && !ctx.has("sessions")) continue
      registrars[group](ctx)
    }
  })
}
