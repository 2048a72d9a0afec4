import { describe, expect, test } from "vitest"
import type { SuiteContext } from "../context.js"
import { newAccount, newUser } from "../fixtures.js"

export function registerCreateUserWithAccountTests(ctx: SuiteContext): void {
  describe("createUserWithAccount", () => {
    test("creates the user and links its account: the account finds that user", async () => {
      const user = newUser()
      const { userId: _userId, ...account } = newAccount("unused")
      const created = await ctx.adapter.createUserWithAccount!(user, account)
      ctx.expectUser(created, { ...user, id: created.id })
      ctx.expectSameId((await ctx.adapter.getUserByAccount(account))?.id, created.id)
      ctx.expectSameId((await ctx.adapter.getUserByEmail(user.email))?.id, created.id)
    })

    test("is all or nothing: an account already linked elsewhere leaves no new user behind", async () => {
      const owner = await ctx.adapter.createUser(newUser())
      const taken = newAccount(owner.id)
      await ctx.adapter.linkAccount(taken)
      const user = newUser()
      const { userId: _userId, ...account } = taken
      await expect((async () => ctx.adapter.createUserWithAccount!(user, account))()).rejects.toThrow()
      expect(await ctx.adapter.getUserByEmail(user.email)).toBeNull()
      ctx.expectSameId((await ctx.adapter.getUserByAccount(taken))?.id, owner.id)
    })
  })
}
