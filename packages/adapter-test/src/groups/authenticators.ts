import { describe, expect, test } from "vitest"
import type { AdapterAuthenticator } from "@gatehouse/core/adapters"
import type { SuiteContext } from "../context.js"
import { newAuthenticator, uniqueTag } from "../fixtures.js"

export function registerAuthenticatorTests(ctx: SuiteContext): void {
  function expectAuthenticator(actual: AdapterAuthenticator | null | undefined, expected: AdapterAuthenticator): void {
    expect(actual).toBeTruthy()
    const authenticator = actual as AdapterAuthenticator
    expect(authenticator.credentialID).toBe(expected.credentialID)
    expect(authenticator.credentialPublicKey).toBe(expected.credentialPublicKey)
    expect(authenticator.providerAccountId).toBe(expected.providerAccountId)
    ctx.expectSameId(authenticator.userId, expected.userId)
    expect(authenticator.counter).toBe(expected.counter)
    expect(authenticator.credentialBackedUp).toBe(expected.credentialBackedUp)
    expect(authenticator.credentialDeviceType).toBe(expected.credentialDeviceType)
    expect(authenticator.transports ?? null).toBe(expected.transports ?? null)
  }

  /** A user with a webauthn account, as core creates them at passkey registration. */
  async function userWithPasskeyAccount(): Promise<{ userId: string; providerAccountId: string }> {
    const user = await ctx.createUser()
    const providerAccountId = `passkey-${uniqueTag()}`
    await ctx.adapter.linkAccount({ userId: String(user.id), type: "webauthn", provider: "passkey", providerAccountId })
    return { userId: String(user.id), providerAccountId }
  }

  describe("authenticators", () => {
    test("createAuthenticator stores an authenticator that getAuthenticator reads back with its types", async () => {
      const { userId, providerAccountId } = await userWithPasskeyAccount()
      const authenticator = newAuthenticator(userId, providerAccountId)
      expectAuthenticator(await ctx.adapter.createAuthenticator(authenticator), authenticator)
      const read = await ctx.adapter.getAuthenticator(authenticator.credentialID)
      expectAuthenticator(read, authenticator)
      expect(typeof read?.counter).toBe("number")
      expect(typeof read?.credentialBackedUp).toBe("boolean")
    })

    test("a backed-up credential without transports round-trips", async () => {
      const { userId, providerAccountId } = await userWithPasskeyAccount()
      const authenticator: AdapterAuthenticator = {
        ...newAuthenticator(userId, providerAccountId),
        credentialBackedUp: true,
        credentialDeviceType: "multiDevice",
        transports: null,
        counter: 7,
      }
      await ctx.adapter.createAuthenticator(authenticator)
      expectAuthenticator(await ctx.adapter.getAuthenticator(authenticator.credentialID), authenticator)
    })

    test("getAuthenticator returns null for an unknown credential", async () => {
      expect(await ctx.adapter.getAuthenticator(`unknown-${uniqueTag()}`)).toBeNull()
    })

    test("listAuthenticatorsByUserId lists that user's authenticators and no one else's", async () => {
      const owner = await userWithPasskeyAccount()
      const other = await userWithPasskeyAccount()
      const mine = [newAuthenticator(owner.userId, owner.providerAccountId), newAuthenticator(owner.userId, owner.providerAccountId)]
      for (const authenticator of mine) await ctx.adapter.createAuthenticator(authenticator)
      await ctx.adapter.createAuthenticator(newAuthenticator(other.userId, other.providerAccountId))
      const listed = await ctx.adapter.listAuthenticatorsByUserId(owner.userId)
      expect(listed.map((authenticator) => authenticator.credentialID).sort()).toEqual(mine.map((a) => a.credentialID).sort())
      for (const authenticator of mine)
        expectAuthenticator(
          listed.find((a) => a.credentialID === authenticator.credentialID),
          authenticator,
        )
      const stranger = await ctx.createUser()
      expect(await ctx.adapter.listAuthenticatorsByUserId(String(stranger.id))).toEqual([])
    })

    test("updateAuthenticatorCounter stores and returns the new counter", async () => {
      const { userId, providerAccountId } = await userWithPasskeyAccount()
      const authenticator = newAuthenticator(userId, providerAccountId)
      await ctx.adapter.createAuthenticator(authenticator)
      const updated = await ctx.adapter.updateAuthenticatorCounter(authenticator.credentialID, 42)
      expectAuthenticator(updated, { ...authenticator, counter: 42 })
      expect((await ctx.adapter.getAuthenticator(authenticator.credentialID))?.counter).toBe(42)
    })

    test("updateAuthenticatorCounter of an unknown credential is an error", async () => {
      await expect((async () => ctx.adapter.updateAuthenticatorCounter(`unknown-${uniqueTag()}`, 1))()).rejects.toThrow()
    })

    test("a credential id can be registered only once", async () => {
      const owner = await userWithPasskeyAccount()
      const intruder = await userWithPasskeyAccount()
      const authenticator = newAuthenticator(owner.userId, owner.providerAccountId)
      await ctx.adapter.createAuthenticator(authenticator)
      await expect(
        (async () =>
          ctx.adapter.createAuthenticator({
            ...newAuthenticator(intruder.userId, intruder.providerAccountId),
            credentialID: authenticator.credentialID,
          }))(),
      ).rejects.toThrow()
      expectAuthenticator(await ctx.adapter.getAuthenticator(authenticator.credentialID), authenticator)
    })
  })
}
