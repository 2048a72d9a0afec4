import { describe, expect, test } from "vitest"
import type { SuiteContext } from "../context.js"
import { newAccount, newUser } from "../fixtures.js"

/** getAccountByUserId and updateAccountTokens: what `getAccessToken` relies on to refresh once across instances. */
export function registerAccountTokenTests(ctx: SuiteContext): void {
  describe("account tokens", () => {
    async function linkedAccount(overrides = {}) {
      const user = await ctx.adapter.createUser(newUser())
      const account = newAccount(user.id, overrides)
      await ctx.adapter.linkAccount(account)
      return { user, account, key: { provider: account.provider, providerAccountId: account.providerAccountId } }
    }

    test("getAccountByUserId finds the user's account at that provider, and nothing at another or for another user", async () => {
      const { user, account } = await linkedAccount()
      const found = await ctx.adapter.getAccountByUserId!(user.id, account.provider)
      expect(found).toMatchObject({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        refresh_token: account.refresh_token,
      })
      ctx.expectSameId(found?.userId, user.id)
      expect(await ctx.adapter.getAccountByUserId!(user.id, "another-provider")).toBeNull()
      const other = await ctx.adapter.createUser(newUser())
      expect(await ctx.adapter.getAccountByUserId!(other.id, account.provider)).toBeNull()
    })

    test("updateAccountTokens writes the given fields when the stored refresh token is the expected one, and keeps the others", async () => {
      const { account, key } = await linkedAccount()
      const written = await ctx.adapter.updateAccountTokens!(key, account.refresh_token!, {
        access_token: "at-new",
        refresh_token: "rt-new",
        expires_at: 1_950_000_000,
      })
      expect(written).toBe(true)
      const stored = await ctx.adapter.getAccount(account.providerAccountId, account.provider)
      expect(stored).toMatchObject({ access_token: "at-new", refresh_token: "rt-new", expires_at: 1_950_000_000 })
      // Fields left out keep their values.
      expect(stored).toMatchObject({ id_token: account.id_token, scope: account.scope, token_type: account.token_type })
    })

    test("updateAccountTokens refuses (false) and changes nothing when the refresh token is not the expected one", async () => {
      const { account, key } = await linkedAccount()
      expect(await ctx.adapter.updateAccountTokens!(key, "rt-someone-else-saw", { access_token: "at-stolen", refresh_token: "rt-x" })).toBe(
        false,
      )
      const stored = await ctx.adapter.getAccount(account.providerAccountId, account.provider)
      expect(stored).toMatchObject({ access_token: account.access_token, refresh_token: account.refresh_token })
      // An account that does not exist is no match either.
      expect(
        await ctx.adapter.updateAccountTokens!({ ...key, providerAccountId: "nobody" }, account.refresh_token!, { access_token: "x" }),
      ).toBe(false)
    })

    test("null clears a token; a cleared refresh token matches no expected value afterwards", async () => {
      const { account, key } = await linkedAccount()
      expect(await ctx.adapter.updateAccountTokens!(key, account.refresh_token!, { access_token: null, refresh_token: null })).toBe(true)
      const stored = await ctx.adapter.getAccount(account.providerAccountId, account.provider)
      expect(stored?.access_token).toBeUndefined()
      expect(stored?.refresh_token).toBeUndefined()
      expect(await ctx.adapter.updateAccountTokens!(key, account.refresh_token!, { access_token: "again" })).toBe(false)
      // Expecting null matches only an account without a refresh token: a sign-in after a refused refresh stores new ones.
      expect(await ctx.adapter.updateAccountTokens!(key, null, { access_token: "at-2", refresh_token: "rt-2" })).toBe(true)
      expect(await ctx.adapter.updateAccountTokens!(key, null, { access_token: "at-3" })).toBe(false)
      expect(await ctx.adapter.getAccount(account.providerAccountId, account.provider)).toMatchObject({
        access_token: "at-2",
        refresh_token: "rt-2",
      })
    })

    test("of concurrent swaps from the same refresh token exactly one wins", async () => {
      const { account, key } = await linkedAccount()
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          Promise.resolve(ctx.adapter.updateAccountTokens!(key, account.refresh_token!, { refresh_token: `rt-winner-${i}` })),
        ),
      )
      expect(results.filter(Boolean)).toHaveLength(1)
      const winner = results.indexOf(true)
      expect((await ctx.adapter.getAccount(account.providerAccountId, account.provider))?.refresh_token).toBe(`rt-winner-${winner}`)
    })
  })
}
