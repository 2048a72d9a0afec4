import { describe, expect, test } from "vitest"
import type { SuiteContext } from "../context.js"
import { populatedUser } from "../populated-user.js"
import type { AttachmentKind } from "../options.js"

type Populated = Awaited<ReturnType<typeof populatedUser>>

export function registerRemoveUserAttachmentsTests(ctx: SuiteContext): void {
  /** Whether everything populatedUser attached to `who` can still be found, through the adapter and in the rows. */
  async function expectAttached(who: Populated): Promise<void> {
    if (ctx.has("accounts")) ctx.expectSameId((await ctx.adapter.getUserByAccount(who.account))?.id, who.user.id)
    if (ctx.has("sessions")) ctx.expectSameId((await ctx.adapter.getSessionAndUser(who.sessionToken))?.user.id, who.user.id)
    if (ctx.has("authenticators")) expect(await ctx.adapter.getAuthenticator(who.authenticator.credentialID)).toBeTruthy()
    if (ctx.inspect) {
      if (ctx.has("accounts")) expect(await ctx.count("accounts", who.userId)).toBe(2)
      if (ctx.has("sessions")) expect(await ctx.count("sessions", who.userId)).toBe(1)
      if (ctx.has("authenticators")) expect(await ctx.count("authenticators", who.userId)).toBe(1)
    }
  }

  describe("removeUserAttachments", () => {
    test("removes the user's accounts, authenticators and sessions, keeps the user, and says what it removed", async () => {
      const squatted = await populatedUser(ctx, { emailVerified: null })
      const bystander = await populatedUser(ctx, { emailVerified: null })

      const removed = await ctx.adapter.removeUserAttachments(squatted.userId)

      ctx.expectUser(await ctx.adapter.getUser(squatted.userId), { ...squatted.user, id: squatted.user.id })
      if (ctx.has("accounts")) {
        expect(await ctx.adapter.getUserByAccount(squatted.account)).toBeNull()
        expect(removed.accounts.map((account) => `${account.provider}/${account.providerAccountId}`).sort()).toEqual(
          [
            `${squatted.account.provider}/${squatted.account.providerAccountId}`,
            `passkey/${squatted.authenticator.providerAccountId}`,
          ].sort(),
        )
        for (const account of removed.accounts) ctx.expectSameId(account.userId, squatted.user.id)
      } else {
        expect(removed.accounts).toEqual([])
      }
      if (ctx.has("sessions")) {
        expect(await ctx.adapter.getSessionAndUser(squatted.sessionToken)).toBeNull()
        expect(removed.sessions).toBe(1)
      }
      if (ctx.has("authenticators")) {
        expect(await ctx.adapter.getAuthenticator(squatted.authenticator.credentialID)).toBeNull()
        expect(await ctx.adapter.listAuthenticatorsByUserId(squatted.userId)).toEqual([])
        expect(removed.authenticators.map((authenticator) => authenticator.credentialID)).toEqual([squatted.authenticator.credentialID])
      }
      for (const kind of ["accounts", "sessions", "authenticators"] as const) {
        if (ctx.has(kind)) expect(await ctx.count(kind, squatted.userId), kind).toBe(ctx.inspect ? 0 : undefined)
      }
      expect(await ctx.count("users", squatted.userId)).toBe(ctx.inspect ? 1 : undefined)

      // Someone else's rows are untouched.
      await expectAttached(bystander)
    })

    test("a user with nothing attached, or no user at all, removes nothing", async () => {
      const bare = await ctx.createUser()
      expect(await ctx.adapter.removeUserAttachments(String(bare.id))).toEqual({ accounts: [], authenticators: [], sessions: 0 })
      const bystander = await populatedUser(ctx)
      const nobody = ctx.idType === "string" ? crypto.randomUUID() : "2147483000"
      expect(await ctx.adapter.removeUserAttachments(nobody)).toEqual({ accounts: [], authenticators: [], sessions: 0 })
      await expectAttached(bystander)
    })

    // Only with failDeletes: without a way to make the database fail, atomicity cannot be shown honestly.
    const failDeletes = ctx.failDeletes
    if (!failDeletes) return
    test("is all or nothing: when deleting one kind fails, nothing is removed", async () => {
      const kinds = (["accounts", "sessions", "authenticators"] as const satisfies readonly AttachmentKind[]).filter((kind) =>
        ctx.has(kind),
      )
      for (const kind of kinds) {
        const squatted = await populatedUser(ctx, { emailVerified: null })
        const stopFailing = await failDeletes(kind)
        try {
          // Awaitable: a synchronous adapter throws rather than rejects; both count.
          const removal = (async () => ctx.adapter.removeUserAttachments(squatted.userId))()
          await expect(removal, kind).rejects.toThrow()
        } finally {
          await stopFailing()
        }
        await expectAttached(squatted)
      }
      // And afterwards the adapter works normally (a pooled connection was not left mid-transaction).
      const squatted = await populatedUser(ctx, { emailVerified: null })
      await ctx.adapter.removeUserAttachments(squatted.userId)
      if (ctx.has("sessions")) expect(await ctx.adapter.getSessionAndUser(squatted.sessionToken)).toBeNull()
    })
  })
}
