import { describe, expect, test } from "vitest"
import type { SuiteContext } from "../context.js"
import { populatedUser } from "../populated-user.js"

/** A PHC string as core writes it: `$`, `=`, `,`, `+` and `/` must come back byte for byte. */
function phc(tag: string): string {
  return `$scrypt$ln=17,r=8,p=1$${btoa(tag).replace(/=+$/, "").padEnd(22, "A")}$Ab+/0123456789abcdefghijklmnopqrstuvwxyzABCD`
}

export function registerPasswordHashTests(ctx: SuiteContext): void {
  describe("password hashes", () => {
    test("a user has no hash until one is set; the hash comes back exactly; setting again replaces it", async () => {
      const user = await ctx.createUser()
      const id = String(user.id)
      expect(await ctx.adapter.getPasswordHash(id)).toBeNull()
      await ctx.adapter.setPasswordHash(id, phc("first"))
      expect(await ctx.adapter.getPasswordHash(id)).toBe(phc("first"))
      await ctx.adapter.setPasswordHash(id, phc("second"))
      expect(await ctx.adapter.getPasswordHash(id)).toBe(phc("second"))
    })

    test("one user's hash is never another's", async () => {
      const [ada, bob] = [await ctx.createUser(), await ctx.createUser()]
      await ctx.adapter.setPasswordHash(String(ada.id), phc("ada"))
      expect(await ctx.adapter.getPasswordHash(String(bob.id))).toBeNull()
      await ctx.adapter.setPasswordHash(String(bob.id), phc("bob"))
      expect(await ctx.adapter.getPasswordHash(String(ada.id))).toBe(phc("ada"))
    })

    test("an unknown user has no hash, and setting one for it is refused", async () => {
      const nobody = ctx.idType === "string" ? crypto.randomUUID() : "2147483000"
      expect(await ctx.adapter.getPasswordHash(nobody)).toBeNull()
      // Awaitable: a synchronous adapter throws rather than rejects; both count.
      await expect((async () => ctx.adapter.setPasswordHash(nobody, phc("nobody")))()).rejects.toThrow()
      expect(await ctx.adapter.getPasswordHash(nobody)).toBeNull()
    })

    test("concurrent changes leave exactly one of them", async () => {
      const user = await ctx.createUser()
      const id = String(user.id)
      const candidates = Array.from({ length: 8 }, (_, i) => phc(`race-${i}`))
      await Promise.all(candidates.map(async (hash) => ctx.adapter.setPasswordHash(id, hash)))
      expect(candidates).toContain(await ctx.adapter.getPasswordHash(id))
    })

    if (ctx.has("deleteUser")) {
      test("deleteUser removes the hash with the user", async () => {
        const user = await ctx.createUser()
        await ctx.adapter.setPasswordHash(String(user.id), phc("doomed"))
        await ctx.adapter.deleteUser(String(user.id))
        expect(await ctx.adapter.getPasswordHash(String(user.id))).toBeNull()
      })
    }

    if (ctx.has("removeUserAttachments")) {
      test("removeUserAttachments removes the hash (set before the address was proven), keeping the user; others keep theirs", async () => {
        const squatted = await populatedUser(ctx, { emailVerified: null })
        const bystander = await ctx.createUser()
        await ctx.adapter.setPasswordHash(squatted.userId, phc("impostor"))
        await ctx.adapter.setPasswordHash(String(bystander.id), phc("bystander"))
        await ctx.adapter.removeUserAttachments(squatted.userId)
        expect(await ctx.adapter.getPasswordHash(squatted.userId)).toBeNull()
        expect(await ctx.adapter.getUser(squatted.userId)).not.toBeNull()
        expect(await ctx.adapter.getPasswordHash(String(bystander.id))).toBe(phc("bystander"))
      })
    }
  })
}
