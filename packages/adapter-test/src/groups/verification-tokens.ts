import { describe, expect, test } from "vitest"
import type { VerificationToken } from "@gatehouse/core/adapters"
import type { SuiteContext } from "../context.js"
import { dateFromNow, hostileStrings, uniqueTag } from "../fixtures.js"

function newVerificationToken(overrides: Partial<VerificationToken> = {}): VerificationToken {
  return {
    identifier: `someone-${uniqueTag()}@example.test`,
    // Stored tokens are SHA-256 hex digests in practice; the shape does not matter here.
    token: `${crypto.randomUUID().replaceAll("-", "")}${uniqueTag()}`,
    expires: dateFromNow(86_400_000),
    ...overrides,
  }
}

export function registerVerificationTokenTests(ctx: SuiteContext): void {
  function expectToken(actual: VerificationToken | null | undefined, expected: VerificationToken): void {
    expect(actual).toBeTruthy()
    expect(actual?.identifier).toBe(expected.identifier)
    expect(actual?.token).toBe(expected.token)
    ctx.expectDate(actual?.expires, expected.expires)
  }

  describe("verification tokens", () => {
    test("createVerificationToken stores a token that useVerificationToken returns once", async () => {
      const token = newVerificationToken()
      const created = await ctx.adapter.createVerificationToken(token)
      if (created) expectToken(created, token)
      expect(await ctx.count("verificationTokens")).toBeGreaterThan(0)
      expectToken(await ctx.adapter.useVerificationToken({ identifier: token.identifier, token: token.token }), token)
      expect(await ctx.adapter.useVerificationToken({ identifier: token.identifier, token: token.token })).toBeNull()
    })

    test("useVerificationToken returns null for a token never created", async () => {
      expect(await ctx.adapter.useVerificationToken({ identifier: `x-${uniqueTag()}@example.test`, token: uniqueTag() })).toBeNull()
    })

    test("two racing uses of one token: exactly one wins", async () => {
      for (let round = 0; round < 5; round++) {
        const token = newVerificationToken()
        await ctx.adapter.createVerificationToken(token)
        const params = { identifier: token.identifier, token: token.token }
        const results = await Promise.all([ctx.adapter.useVerificationToken(params), ctx.adapter.useVerificationToken(params)])
        const winners = results.filter((result) => result !== null && result !== undefined)
        expect(winners).toHaveLength(1)
        expectToken(winners[0], token)
      }
    })

    test("the token must match together with its identifier", async () => {
      const token = newVerificationToken()
      const someoneElse = newVerificationToken()
      await ctx.adapter.createVerificationToken(token)
      await ctx.adapter.createVerificationToken(someoneElse)
      // Right token, wrong identifier: an attacker who learnt a token cannot spend it for another address.
      expect(await ctx.adapter.useVerificationToken({ identifier: someoneElse.identifier, token: token.token })).toBeNull()
      // Right identifier, wrong token.
      expect(await ctx.adapter.useVerificationToken({ identifier: token.identifier, token: someoneElse.token })).toBeNull()
      // Neither failed attempt consumed anything.
      expectToken(await ctx.adapter.useVerificationToken({ identifier: token.identifier, token: token.token }), token)
      expectToken(await ctx.adapter.useVerificationToken({ identifier: someoneElse.identifier, token: someoneElse.token }), someoneElse)
    })

    test("one identifier can hold several live tokens, each used once", async () => {
      const identifier = `multi-${uniqueTag()}@example.test`
      const first = newVerificationToken({ identifier })
      const second = newVerificationToken({ identifier })
      await ctx.adapter.createVerificationToken(first)
      await ctx.adapter.createVerificationToken(second)
      expectToken(await ctx.adapter.useVerificationToken({ identifier, token: second.token }), second)
      expectToken(await ctx.adapter.useVerificationToken({ identifier, token: first.token }), first)
      expect(await ctx.adapter.useVerificationToken({ identifier, token: first.token })).toBeNull()
    })

    test("a second row with the same identifier and token is refused, and the first stays as it was", async () => {
      // Core's e-mail code budget relies on it: only the one request whose insert succeeds opens
      // an address's attempt window, so no retry can hand the attempts out twice.
      const token = newVerificationToken({ expires: new Date(Math.floor(Date.now() / 1000) * 1000 + 86_400_000) })
      await ctx.adapter.createVerificationToken(token)
      await expect(
        Promise.resolve().then(() => ctx.adapter.createVerificationToken({ ...token, expires: dateFromNow(1000) })),
      ).rejects.toBeTruthy()
      expectToken(await ctx.adapter.useVerificationToken({ identifier: token.identifier, token: token.token }), token)
      expect(await ctx.adapter.useVerificationToken({ identifier: token.identifier, token: token.token })).toBeNull()
    })

    test("an expired token is still returned: expiry is core's decision", async () => {
      const token = newVerificationToken({ expires: dateFromNow(-60_000) })
      await ctx.adapter.createVerificationToken(token)
      expectToken(await ctx.adapter.useVerificationToken({ identifier: token.identifier, token: token.token }), token)
    })

    test("unicode and quote-laden identifiers round-trip", async () => {
      for (const hostile of hostileStrings) {
        const token = newVerificationToken({ identifier: `${hostile}-${uniqueTag()}` })
        await ctx.adapter.createVerificationToken(token)
        expectToken(await ctx.adapter.useVerificationToken({ identifier: token.identifier, token: token.token }), token)
      }
    })
  })
}
