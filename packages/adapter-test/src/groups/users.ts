import { describe, expect, test } from "vitest"
import type { SuiteContext } from "../context.js"
import { dateFromNow, hostileStrings, newUser, uniqueTag } from "../fixtures.js"

export function registerUserTests(ctx: SuiteContext): void {
  describe("users", () => {
    test("createUser returns the stored user and getUser reads it back", async () => {
      const input = newUser({ emailVerified: dateFromNow(-60_000) })
      const created = await ctx.adapter.createUser(input)
      ctx.expectUser(created, { ...input, id: created.id })
      ctx.expectUser(await ctx.adapter.getUser(String(created.id)), { ...input, id: created.id })
      expect(await ctx.count("users", created.id)).not.toBe(0)
    })

    test("user ids have the contract's type", async () => {
      const user = await ctx.createUser()
      if (ctx.idType === "string") expect(typeof user.id).toBe("string")
      else expect(["string", "number"]).toContain(typeof user.id)
      expect(String(user.id).length).toBeGreaterThan(0)
    })

    test("emailVerified comes back as a Date, or null when unset", async () => {
      const unverified = await ctx.createUser({ emailVerified: null })
      expect((await ctx.adapter.getUser(String(unverified.id)))?.emailVerified ?? null).toBeNull()
      const when = dateFromNow(-3_600_000)
      const verified = await ctx.createUser({ emailVerified: when })
      ctx.expectDate((await ctx.adapter.getUser(String(verified.id)))?.emailVerified, when)
      ctx.expectDate((await ctx.adapter.getUserByEmail(verified.email))?.emailVerified, when)
    })

    test("getUser and getUserByEmail return null for missing rows", async () => {
      expect(await ctx.adapter.getUser(crypto.randomUUID())).toBeNull()
      expect(await ctx.adapter.getUser("987654321")).toBeNull()
      expect(await ctx.adapter.getUserByEmail(`nobody-${uniqueTag()}@example.test`)).toBeNull()
    })

    test("getUserByEmail finds the user by exact email", async () => {
      const input = newUser()
      const created = await ctx.adapter.createUser(input)
      ctx.expectUser(await ctx.adapter.getUserByEmail(input.email), { ...input, id: created.id })
    })

    test("updateUser changes only the given fields and returns the whole user", async () => {
      const input = newUser()
      const created = await ctx.adapter.createUser(input)
      const verifiedAt = dateFromNow(0)
      const updated = await ctx.adapter.updateUser({ id: String(created.id), emailVerified: verifiedAt })
      const expected = { ...input, id: created.id, emailVerified: verifiedAt }
      ctx.expectUser(updated, expected)
      ctx.expectUser(await ctx.adapter.getUser(String(created.id)), expected)
    })

    test("updateUser can clear a field and change the email", async () => {
      const created = await ctx.createUser()
      const email = `renamed-${uniqueTag()}@example.test`
      await ctx.adapter.updateUser({ id: String(created.id), name: null, email })
      const read = await ctx.adapter.getUser(String(created.id))
      expect(read?.name ?? null).toBeNull()
      expect(read?.email).toBe(email)
      ctx.expectSameId((await ctx.adapter.getUserByEmail(email))?.id, created.id)
    })

    test("unicode and quote-laden values round-trip unchanged", async () => {
      for (const hostile of hostileStrings) {
        const input = newUser({
          name: hostile,
          email: `${uniqueTag()}.o'neil+"tag"@exämple.test`,
          image: `https://example.test/a.png?q=${hostile}`,
        })
        const created = await ctx.adapter.createUser(input)
        ctx.expectUser(created, { ...input, id: created.id })
        ctx.expectUser(await ctx.adapter.getUser(String(created.id)), { ...input, id: created.id })
        ctx.expectUser(await ctx.adapter.getUserByEmail(input.email), { ...input, id: created.id })
        const renamed = `${hostile} ✓`
        await ctx.adapter.updateUser({ id: String(created.id), name: renamed })
        expect((await ctx.adapter.getUser(String(created.id)))?.name).toBe(renamed)
      }
      // The injection attempts above must not have touched the schema.
      expect(await ctx.adapter.getUserByEmail(`nobody-${uniqueTag()}@example.test`)).toBeNull()
    })

    test("a second user with the same email is rejected with a clear error and leaves no row", async () => {
      const first = newUser()
      const original = await ctx.adapter.createUser(first)
      const usersBefore = await ctx.count("users")
      await expect((async () => ctx.adapter.createUser(newUser({ email: first.email, name: "Impostor" })))()).rejects.toThrow(
        /email|unique|duplicate|exists/i,
      )
      expect(await ctx.count("users")).toBe(usersBefore)
      ctx.expectUser(await ctx.adapter.getUserByEmail(first.email), { ...first, id: original.id })
    })

    test("several sign-ups racing with one email: exactly one user is created", async () => {
      const email = newUser().email
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => (async () => ctx.adapter.createUser(newUser({ email, name: `Racer ${i}` })))()),
      )
      const created = results.filter((result) => result.status === "fulfilled")
      expect(created).toHaveLength(1)
      for (const result of results) {
        if (result.status === "rejected") expect(String(result.reason)).toMatch(/email|unique|duplicate|exists/i)
      }
      ctx.expectSameId((await ctx.adapter.getUserByEmail(email))?.id, (created[0] as PromiseFulfilledResult<{ id: string }>).value.id)
    })

    test("updating a user to another user's email is rejected and changes nothing", async () => {
      const taken = await ctx.createUser()
      const input = newUser()
      const other = await ctx.adapter.createUser(input)
      await expect((async () => ctx.adapter.updateUser({ id: String(other.id), email: taken.email, name: "Changed" }))()).rejects.toThrow(
        /email|unique|duplicate|exists/i,
      )
      ctx.expectUser(await ctx.adapter.getUser(String(other.id)), { ...input, id: other.id })
      ctx.expectSameId((await ctx.adapter.getUserByEmail(taken.email))?.id, taken.id)
    })
  })
}
