import { describe, expect, test } from "vitest"
import type { SuiteContext } from "../context.js"

const hashes = (owner: string, n = 3) => Array.from({ length: n }, (_, i) => `${owner}-code-hash-${i}`)

/**
 * The second-factor records (docs/second-factor.md): keyed by a session owner's key, which may
 * name an adapter user or a Credentials provider's own user (no user row). Claims are atomic:
 * a TOTP step and a backup code are accepted once, however many callers race for them.
 */
export function registerSecondFactorTests(ctx: SuiteContext): void {
  describe("second factors", () => {
    const uniqueOwner = () => `app:credentials:${crypto.randomUUID()}`

    test("an owner without a record has none; set creates it, get reads it back with its unused codes counted", async () => {
      const owner = uniqueOwner()
      expect(await ctx.adapter.getSecondFactor!(owner)).toBeNull()
      const stored = await ctx.adapter.setSecondFactor!({ ownerKey: owner, pendingTotpSecret: "pending-jwe" })
      expect(stored).toEqual({ ownerKey: owner, totpSecret: null, pendingTotpSecret: "pending-jwe", backupCodesLeft: 0, recentFailures: 0 })
      const confirmed = await ctx.adapter.setSecondFactor!({
        ownerKey: owner,
        totpSecret: "secret-jwe",
        pendingTotpSecret: null,
        backupCodeHashes: hashes(owner),
      })
      expect(confirmed).toEqual({
        ownerKey: owner,
        totpSecret: "secret-jwe",
        pendingTotpSecret: null,
        backupCodesLeft: 3,
        recentFailures: 0,
      })
      expect(await ctx.adapter.getSecondFactor!(owner)).toEqual(confirmed)
    })

    test("set keeps the fields it is not given, and backupCodeHashes replaces every code", async () => {
      const owner = uniqueOwner()
      await ctx.adapter.setSecondFactor!({ ownerKey: owner, totpSecret: "secret-jwe", backupCodeHashes: hashes(owner) })
      await ctx.adapter.setSecondFactor!({ ownerKey: owner, pendingTotpSecret: "another-pending" })
      expect(await ctx.adapter.getSecondFactor!(owner)).toMatchObject({
        totpSecret: "secret-jwe",
        pendingTotpSecret: "another-pending",
        backupCodesLeft: 3,
      })
      await ctx.adapter.setSecondFactor!({ ownerKey: owner, backupCodeHashes: ["new-1", "new-2"] })
      expect(await ctx.adapter.useBackupCode!(owner, hashes(owner)[0])).toBe(false)
      expect(await ctx.adapter.useBackupCode!(owner, "new-1")).toBe(true)
      expect((await ctx.adapter.getSecondFactor!(owner))?.backupCodesLeft).toBe(1)
    })

    test("a TOTP step is claimed once, and never one older than a step already claimed", async () => {
      const owner = uniqueOwner()
      await ctx.adapter.setSecondFactor!({ ownerKey: owner, totpSecret: "secret-jwe" })
      expect(await ctx.adapter.claimTotpStep!(owner, 1000)).toBe(true)
      expect(await ctx.adapter.claimTotpStep!(owner, 1000)).toBe(false)
      expect(await ctx.adapter.claimTotpStep!(owner, 999)).toBe(false)
      expect(await ctx.adapter.claimTotpStep!(owner, 1001)).toBe(true)
    })

    test("of concurrent claims of one TOTP step exactly one wins", async () => {
      const owner = uniqueOwner()
      await ctx.adapter.setSecondFactor!({ ownerKey: owner, totpSecret: "secret-jwe" })
      const results = await Promise.all(Array.from({ length: 8 }, () => ctx.adapter.claimTotpStep!(owner, 5000)))
      expect(results.filter(Boolean)).toHaveLength(1)
    })

    test("no step is claimed for an owner without a confirmed secret, and a new secret starts with no step used", async () => {
      const owner = uniqueOwner()
      expect(await ctx.adapter.claimTotpStep!(owner, 10)).toBe(false)
      await ctx.adapter.setSecondFactor!({ ownerKey: owner, pendingTotpSecret: "pending-jwe" })
      expect(await ctx.adapter.claimTotpStep!(owner, 10)).toBe(false)
      await ctx.adapter.setSecondFactor!({ ownerKey: owner, totpSecret: "first" })
      expect(await ctx.adapter.claimTotpStep!(owner, 10)).toBe(true)
      await ctx.adapter.setSecondFactor!({ ownerKey: owner, totpSecret: "second" })
      expect(await ctx.adapter.claimTotpStep!(owner, 10)).toBe(true)
    })

    test("a backup code is used once, concurrently too, and only by its owner", async () => {
      const owner = uniqueOwner()
      const other = uniqueOwner()
      await ctx.adapter.setSecondFactor!({ ownerKey: owner, totpSecret: "s", backupCodeHashes: hashes(owner) })
      await ctx.adapter.setSecondFactor!({ ownerKey: other, totpSecret: "s", backupCodeHashes: hashes(other) })
      expect(await ctx.adapter.useBackupCode!(other, hashes(owner)[1])).toBe(false)
      const results = await Promise.all(Array.from({ length: 6 }, () => ctx.adapter.useBackupCode!(owner, hashes(owner)[1])))
      expect(results.filter(Boolean)).toHaveLength(1)
      expect((await ctx.adapter.getSecondFactor!(owner))?.backupCodesLeft).toBe(2)
      expect((await ctx.adapter.getSecondFactor!(other))?.backupCodesLeft).toBe(3)
    })

    test("delete removes the record and its codes; deleting none is no error", async () => {
      const owner = uniqueOwner()
      await ctx.adapter.setSecondFactor!({ ownerKey: owner, totpSecret: "s", backupCodeHashes: hashes(owner) })
      await ctx.adapter.deleteSecondFactor!(owner)
      expect(await ctx.adapter.getSecondFactor!(owner)).toBeNull()
      expect(await ctx.adapter.useBackupCode!(owner, hashes(owner)[0])).toBe(false)
      await ctx.adapter.deleteSecondFactor!(uniqueOwner())
      // A new record after a delete starts empty.
      expect(await ctx.adapter.setSecondFactor!({ ownerKey: owner, pendingTotpSecret: "p" })).toMatchObject({
        backupCodesLeft: 0,
        totpSecret: null,
      })
    })

    test("wrong codes are counted per pending sign-in and per owner, concurrently without losing one", async () => {
      const owner = uniqueOwner()
      const expires = new Date(Date.now() + 5 * 60_000)
      const first = await Promise.all(Array.from({ length: 4 }, () => ctx.adapter.countSecondFactorFailure!(owner, `${owner}:a`, expires)))
      expect(first.map((count) => count.attempt).sort()).toEqual([1, 2, 3, 4])
      const second = await ctx.adapter.countSecondFactorFailure!(owner, `${owner}:b`, expires)
      expect(second).toEqual({ attempt: 1, owner: 5 })
      // The record shows them, when the owner has one.
      await ctx.adapter.setSecondFactor!({ ownerKey: owner, totpSecret: "s" })
      expect((await ctx.adapter.getSecondFactor!(owner))?.recentFailures).toBe(5)
      // Another owner's count is its own.
      expect(await ctx.adapter.countSecondFactorFailure!(uniqueOwner(), `${owner}:c`, expires)).toEqual({ attempt: 1, owner: 1 })
    })

    test("expired failures no longer count for the owner", async () => {
      const owner = uniqueOwner()
      await ctx.adapter.countSecondFactorFailure!(owner, `${owner}:old`, new Date(Date.now() - 1000))
      expect(await ctx.adapter.countSecondFactorFailure!(owner, `${owner}:new`, new Date(Date.now() + 60_000))).toEqual({
        attempt: 1,
        owner: 1,
      })
    })

    test("deleting a user removes the second factor kept under its id", async () => {
      if (!ctx.has("deleteUser")) return
      const user = await ctx.createUser()
      await ctx.adapter.setSecondFactor!({ ownerKey: String(user.id), totpSecret: "s", backupCodeHashes: ["h"] })
      await ctx.adapter.deleteUser!(user.id)
      expect(await ctx.adapter.getSecondFactor!(String(user.id))).toBeNull()
    })
  })
}
