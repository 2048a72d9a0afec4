import { describe, expect, test } from "vitest"
import type { SuiteContext } from "../context.js"
import { newAccount, newAuthenticator, uniqueTag } from "../fixtures.js"

/** The account endpoints' listing of a user's accounts (listAccountsByUserId), and the dates the account page shows. */
export function registerListAccountsTests(ctx: SuiteContext): void {
  describe("listAccountsByUserId", () => {
    test("lists every account of the user, whatever its kind, and no one else's", async () => {
      const user = await ctx.createUser()
      const other = await ctx.createUser()
      const userId = String(user.id)
      const oidc = newAccount(userId)
      const second = newAccount(userId, { provider: "other-idp" })
      const passkey = newAccount(userId, { type: "webauthn", provider: "passkey", providerAccountId: `passkey-${uniqueTag()}` })
      for (const account of [oidc, second, passkey]) await ctx.adapter.linkAccount(account)
      await ctx.adapter.linkAccount(newAccount(String(other.id)))
      const listed = await ctx.adapter.listAccountsByUserId(userId)
      const keys = listed.map((account) => `${account.provider}/${account.providerAccountId}`).sort()
      expect(keys).toEqual([oidc, second, passkey].map((account) => `${account.provider}/${account.providerAccountId}`).sort())
      for (const account of listed) ctx.expectSameId(account.userId, userId)
      expect(listed.find((account) => account.provider === "passkey")?.type).toBe("webauthn")
    })

    if (ctx.keepsDates)
      test("linkAccount records when the account was linked (linkedAt), as listAccountsByUserId lists it", async () => {
        const user = await ctx.createUser()
        const userId = String(user.id)
        const before = Date.now()
        const account = newAccount(userId)
        await ctx.adapter.linkAccount(account)
        const after = Date.now()
        const listed = (await ctx.adapter.listAccountsByUserId(userId)).find((a) => a.providerAccountId === account.providerAccountId)
        expectBetween(listed?.linkedAt, before, after)
      })

    if (ctx.keepsDates && ctx.has("authenticators")) {
      test("createAuthenticator records when the passkey was registered; updateAuthenticatorCounter when it was last used", async () => {
        const before = Date.now()
        const { userId, authenticators } = await userWithPasskeys(ctx, 1)
        const credentialID = authenticators[0]!.credentialID
        const registered = (await ctx.adapter.listAuthenticatorsByUserId(userId))[0]
        expectBetween(registered?.createdAt, before, Date.now())
        // Registered, never used to sign in yet.
        expect(registered?.lastUsedAt ?? null).toBeNull()
        const signIn = Date.now()
        await ctx.adapter.updateAuthenticatorCounter(credentialID, 1)
        const used = (await ctx.adapter.listAuthenticatorsByUserId(userId))[0]
        expectBetween(used?.lastUsedAt, signIn, Date.now())
        expect(used?.createdAt?.getTime()).toBe(registered?.createdAt?.getTime())
      })
    }

    test("an unlinked account is no longer listed; an unknown user has none", async () => {
      const user = await ctx.createUser()
      const account = newAccount(String(user.id))
      await ctx.adapter.linkAccount(account)
      if (ctx.has("unlinkAccount")) {
        await ctx.adapter.unlinkAccount({ provider: account.provider, providerAccountId: account.providerAccountId })
        expect(await ctx.adapter.listAccountsByUserId(String(user.id))).toEqual([])
      }
      expect(await ctx.adapter.listAccountsByUserId(ctx.unknownUserId())).toEqual([])
    })
  })
}

/**
 * A date the adapter recorded during [start, end] (milliseconds of this process's clock): a database
 * that dates rows by its own clock (PostgreSQL's now(): the transaction's start) gets a second either way.
 */
function expectBetween(date: Date | null | undefined, start: number, end: number): void {
  expect(date).toBeInstanceOf(Date)
  expect(date!.getTime()).toBeGreaterThanOrEqual(start - 1000)
  expect(date!.getTime()).toBeLessThanOrEqual(end + 1000)
}

/** A user with `count` passkeys on one passkey account, as core stores them at registration. */
async function userWithPasskeys(ctx: SuiteContext, count: number) {
  const user = await ctx.createUser()
  const userId = String(user.id)
  const providerAccountId = `passkey-${uniqueTag()}`
  await ctx.adapter.linkAccount({ userId, type: "webauthn", provider: "passkey", providerAccountId })
  const authenticators = Array.from({ length: count }, () => newAuthenticator(userId, providerAccountId))
  for (const authenticator of authenticators) await ctx.adapter.createAuthenticator(authenticator)
  return { userId, authenticators }
}

/** Naming one passkey of the signed-in user (renameAuthenticator): only ever the given user's. */
export function registerRenameAuthenticatorTests(ctx: SuiteContext): void {
  describe("renameAuthenticator", () => {
    test("names the user's passkey, returns it, and listAuthenticatorsByUserId shows the name; others keep none", async () => {
      const { userId, authenticators } = await userWithPasskeys(ctx, 2)
      const [named, other] = authenticators as [(typeof authenticators)[0], (typeof authenticators)[0]]
      const name = `Ada's laptop ' " ; -- ${"é".repeat(3)} 🔑`
      const renamed = await ctx.adapter.renameAuthenticator(userId, named.credentialID, name)
      expect(renamed?.credentialID).toBe(named.credentialID)
      expect(renamed?.name).toBe(name)
      const listed = await ctx.adapter.listAuthenticatorsByUserId(userId)
      expect(listed.find((a) => a.credentialID === named.credentialID)?.name).toBe(name)
      expect(listed.find((a) => a.credentialID === other.credentialID)?.name ?? null).toBeNull()
      expect((await ctx.adapter.renameAuthenticator(userId, named.credentialID, "Second name"))?.name).toBe("Second name")
    })

    test("refuses another user's passkey: null, and its name stays", async () => {
      const owner = await userWithPasskeys(ctx, 1)
      const attacker = await userWithPasskeys(ctx, 1)
      const target = owner.authenticators[0]!
      await ctx.adapter.renameAuthenticator(owner.userId, target.credentialID, "Mine")
      expect(await ctx.adapter.renameAuthenticator(attacker.userId, target.credentialID, "Stolen")).toBeNull()
      expect(await ctx.adapter.renameAuthenticator(ctx.unknownUserId(), target.credentialID, "Stolen")).toBeNull()
      expect(await ctx.adapter.renameAuthenticator(owner.userId, `unknown-${uniqueTag()}`, "Nothing")).toBeNull()
      expect((await ctx.adapter.listAuthenticatorsByUserId(owner.userId))[0]?.name).toBe("Mine")
    })
  })
}

/** Removing one passkey of the signed-in user (deleteAuthenticator): only ever the given user's. */
export function registerDeleteAuthenticatorTests(ctx: SuiteContext): void {
  describe("deleteAuthenticator", () => {
    test("deletes the user's passkey, returns it, and leaves their others", async () => {
      const { userId, authenticators } = await userWithPasskeys(ctx, 2)
      const [gone, kept] = authenticators as [(typeof authenticators)[0], (typeof authenticators)[0]]
      const deleted = await ctx.adapter.deleteAuthenticator(userId, gone.credentialID)
      expect(deleted?.credentialID).toBe(gone.credentialID)
      expect(await ctx.adapter.getAuthenticator(gone.credentialID)).toBeNull()
      expect((await ctx.adapter.listAuthenticatorsByUserId(userId)).map((a) => a.credentialID)).toEqual([kept.credentialID])
      expect(await ctx.adapter.deleteAuthenticator(userId, gone.credentialID)).toBeNull()
    })

    test("refuses another user's passkey: null, and it stays", async () => {
      const owner = await userWithPasskeys(ctx, 1)
      const attacker = await userWithPasskeys(ctx, 1)
      const target = owner.authenticators[0]!
      expect(await ctx.adapter.deleteAuthenticator(attacker.userId, target.credentialID)).toBeNull()
      expect((await ctx.adapter.getAuthenticator(target.credentialID))?.credentialID).toBe(target.credentialID)
      expect(await ctx.adapter.deleteAuthenticator(ctx.unknownUserId(), target.credentialID)).toBeNull()
    })
  })
}
