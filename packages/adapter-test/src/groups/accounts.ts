import { describe, expect, test } from "vitest"
import type { AdapterAccount } from "@gatehouse/core/adapters"
import type { SuiteContext } from "../context.js"
import { hostileStrings, newAccount, uniqueTag } from "../fixtures.js"

const tokenFields = ["access_token", "refresh_token", "id_token", "token_type", "scope", "session_state"] as const

/** Every token field the account was linked with, with expires_at as a number (not a BIGINT string). */
export function expectAccountTokens(actual: Partial<AdapterAccount> | null | undefined, expected: AdapterAccount): void {
  expect(actual).toBeTruthy()
  const account = actual as AdapterAccount
  expect(account.provider).toBe(expected.provider)
  expect(account.providerAccountId).toBe(expected.providerAccountId)
  expect(account.type).toBe(expected.type)
  for (const field of tokenFields) expect(account[field], field).toBe(expected[field])
  expect(typeof account.expires_at).toBe("number")
  expect(account.expires_at).toBe(expected.expires_at)
}

export function registerAccountTests(ctx: SuiteContext): void {
  describe("accounts", () => {
    test("linkAccount attaches a provider account that getUserByAccount resolves to its user", async () => {
      const user = await ctx.createUser()
      const account = newAccount(String(user.id))
      await ctx.adapter.linkAccount(account)
      const found = await ctx.adapter.getUserByAccount({ provider: account.provider, providerAccountId: account.providerAccountId })
      ctx.expectSameId(found?.id, user.id)
      expect(found?.email).toBe(user.email)
      expect(await ctx.count("accounts", user.id)).toBe(1)
    })

    test("linkAccount returns the account with every token field when it returns one", async () => {
      const user = await ctx.createUser()
      const account = newAccount(String(user.id))
      const returned = await ctx.adapter.linkAccount(account)
      if (returned) {
        expectAccountTokens(returned, account)
        ctx.expectSameId(returned.userId, user.id)
      } else {
        expect(returned ?? undefined).toBeUndefined()
      }
    })

    test("getUserByAccount needs both the provider and the account id to match", async () => {
      const user = await ctx.createUser()
      const account = newAccount(String(user.id))
      await ctx.adapter.linkAccount(account)
      expect(await ctx.adapter.getUserByAccount({ provider: "other-idp", providerAccountId: account.providerAccountId })).toBeNull()
      expect(await ctx.adapter.getUserByAccount({ provider: account.provider, providerAccountId: `missing-${uniqueTag()}` })).toBeNull()
    })

    test("a user can hold accounts at several providers", async () => {
      const user = await ctx.createUser()
      const github = newAccount(String(user.id), { provider: "github", type: "oauth" })
      const google = newAccount(String(user.id), { provider: "google" })
      await ctx.adapter.linkAccount(github)
      await ctx.adapter.linkAccount(google)
      for (const { provider, providerAccountId } of [github, google]) {
        ctx.expectSameId((await ctx.adapter.getUserByAccount({ provider, providerAccountId }))?.id, user.id)
      }
    })

    test("an account with no tokens (email, webauthn) links too", async () => {
      const user = await ctx.createUser()
      const account: AdapterAccount = {
        userId: String(user.id),
        type: "email",
        provider: "email",
        providerAccountId: user.email,
      }
      await ctx.adapter.linkAccount(account)
      ctx.expectSameId((await ctx.adapter.getUserByAccount({ provider: "email", providerAccountId: user.email }))?.id, user.id)
    })

    test("the same provider account cannot be linked twice", async () => {
      const owner = await ctx.createUser()
      const intruder = await ctx.createUser()
      const account = newAccount(String(owner.id))
      await ctx.adapter.linkAccount(account)
      await expect((async () => ctx.adapter.linkAccount({ ...account, userId: String(intruder.id) }))()).rejects.toThrow()
      const found = await ctx.adapter.getUserByAccount({ provider: account.provider, providerAccountId: account.providerAccountId })
      ctx.expectSameId(found?.id, owner.id)
      expect(await ctx.count("accounts", intruder.id)).toBe(0)
    })

    test("unicode and quote-laden provider account ids round-trip", async () => {
      const user = await ctx.createUser()
      for (const hostile of hostileStrings) {
        const account = newAccount(String(user.id), { providerAccountId: `${hostile}-${uniqueTag()}`, provider: `idp'"${uniqueTag()}` })
        await ctx.adapter.linkAccount(account)
        const found = await ctx.adapter.getUserByAccount({ provider: account.provider, providerAccountId: account.providerAccountId })
        ctx.expectSameId(found?.id, user.id)
      }
    })
  })
}

export function registerUnlinkAccountTests(ctx: SuiteContext): void {
  describe("unlinkAccount", () => {
    test("unlinkAccount removes only that account and keeps the user", async () => {
      const user = await ctx.createUser()
      const removed = newAccount(String(user.id), { provider: "github", type: "oauth" })
      const kept = newAccount(String(user.id), { provider: "google" })
      await ctx.adapter.linkAccount(removed)
      await ctx.adapter.linkAccount(kept)
      await ctx.adapter.unlinkAccount({ provider: removed.provider, providerAccountId: removed.providerAccountId })
      expect(await ctx.adapter.getUserByAccount({ provider: removed.provider, providerAccountId: removed.providerAccountId })).toBeNull()
      ctx.expectSameId(
        (await ctx.adapter.getUserByAccount({ provider: kept.provider, providerAccountId: kept.providerAccountId }))?.id,
        user.id,
      )
      ctx.expectSameId((await ctx.adapter.getUser(String(user.id)))?.id, user.id)
      expect(await ctx.count("accounts", user.id)).toBe(1)
    })

    test("the account can be linked again, to another user, once unlinked", async () => {
      const first = await ctx.createUser()
      const second = await ctx.createUser()
      const account = newAccount(String(first.id))
      await ctx.adapter.linkAccount(account)
      await ctx.adapter.unlinkAccount({ provider: account.provider, providerAccountId: account.providerAccountId })
      await ctx.adapter.linkAccount({ ...account, userId: String(second.id) })
      ctx.expectSameId((await ctx.adapter.getUserByAccount(account))?.id, second.id)
    })
  })
}

export function registerGetAccountTests(ctx: SuiteContext): void {
  describe("getAccount", () => {
    test("getAccount(providerAccountId, provider) returns every token field", async () => {
      const user = await ctx.createUser()
      const account = newAccount(String(user.id))
      await ctx.adapter.linkAccount(account)
      const read = await ctx.adapter.getAccount(account.providerAccountId, account.provider)
      expectAccountTokens(read, account)
      ctx.expectSameId(read?.userId, user.id)
    })

    test("getAccount returns null for a missing account and for swapped arguments", async () => {
      const user = await ctx.createUser()
      const account = newAccount(String(user.id))
      await ctx.adapter.linkAccount(account)
      expect(await ctx.adapter.getAccount(`missing-${uniqueTag()}`, account.provider)).toBeNull()
      expect(await ctx.adapter.getAccount(account.provider, account.providerAccountId)).toBeNull()
    })

    test("token fields that were never set read back as null or absent, and expires_at stays a number when set", async () => {
      const user = await ctx.createUser()
      const bare: AdapterAccount = { userId: String(user.id), type: "oauth", provider: "bare", providerAccountId: `bare-${uniqueTag()}` }
      await ctx.adapter.linkAccount(bare)
      const read = await ctx.adapter.getAccount(bare.providerAccountId, bare.provider)
      expect(read?.type).toBe("oauth")
      for (const field of [...tokenFields, "expires_at"] as const) expect(read?.[field] ?? null, field).toBeNull()
    })
  })
}
