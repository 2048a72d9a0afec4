import { describe, expect, test } from "vitest"
import type { SuiteContext } from "../context.js"
import { populatedUser } from "../populated-user.js"

export function registerDeleteUserTests(ctx: SuiteContext): void {
  describe("deleteUser", () => {
    test("deleteUser removes the user with its accounts, sessions and authenticators", async () => {
      const doomed = await populatedUser(ctx)
      const bystander = await populatedUser(ctx)

      await ctx.adapter.deleteUser(doomed.userId)

      expect(await ctx.adapter.getUser(doomed.userId)).toBeNull()
      expect(await ctx.adapter.getUserByEmail(doomed.user.email)).toBeNull()
      if (ctx.has("accounts")) expect(await ctx.adapter.getUserByAccount(doomed.account)).toBeNull()
      if (ctx.has("getAccount")) expect(await ctx.adapter.getAccount(doomed.account.providerAccountId, doomed.account.provider)).toBeNull()
      if (ctx.has("sessions")) expect(await ctx.adapter.getSessionAndUser(doomed.sessionToken)).toBeNull()
      if (ctx.has("authenticators")) {
        expect(await ctx.adapter.getAuthenticator(doomed.authenticator.credentialID)).toBeNull()
        expect(await ctx.adapter.listAuthenticatorsByUserId(doomed.userId)).toEqual([])
      }
      // Gone from the database, not merely unreachable through the adapter.
      for (const kind of ["users", "accounts", "sessions", "authenticators"] as const) {
        if (kind === "authenticators" && !ctx.has("authenticators")) continue
        expect(await ctx.count(kind, doomed.userId), kind).toBe(ctx.inspect ? 0 : undefined)
      }

      // Someone else's rows are untouched.
      ctx.expectSameId((await ctx.adapter.getUser(bystander.userId))?.id, bystander.user.id)
      if (ctx.has("accounts")) ctx.expectSameId((await ctx.adapter.getUserByAccount(bystander.account))?.id, bystander.user.id)
      if (ctx.has("sessions")) ctx.expectSameId((await ctx.adapter.getSessionAndUser(bystander.sessionToken))?.user.id, bystander.user.id)
      if (ctx.has("authenticators")) expect(await ctx.adapter.getAuthenticator(bystander.authenticator.credentialID)).toBeTruthy()
    })

    test("the email of a deleted user can sign up again as a new user", async () => {
      const first = await ctx.createUser()
      await ctx.adapter.deleteUser(String(first.id))
      const second = await ctx.createUser({ email: first.email })
      ctx.expectSameId((await ctx.adapter.getUserByEmail(first.email))?.id, second.id)
    })
  })
}
