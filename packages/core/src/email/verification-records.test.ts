import { describe, expect, it } from "vitest"
import type { Adapter, VerificationToken } from "../adapters.js"
import { deriveSignInCode } from "./sign-in-code.js"
import { codeRecordKey, consumeLink, linkRecordKey } from "./verification-records.js"

const secret = "verification-records-test-secret-32-chars"

/**
 * Verification tokens whose use deletes at once (as DELETE … RETURNING does) but answers the
 * winner of the link row only after `winnerDelayMs`: the loser of a race hears first, as happens
 * when two instances receive the same click and the winner's database round trip is slower.
 */
function racingAdapter(winnerDelayMs: number) {
  const rows = new Map<string, VerificationToken>()
  const adapter = {
    async createVerificationToken(token: VerificationToken) {
      rows.set(`${token.identifier} ${token.token}`, token)
      return token
    },
    async useVerificationToken({ identifier, token }: { identifier: string; token: string }) {
      const key = `${identifier} ${token}`
      const row = rows.get(key) ?? null
      rows.delete(key)
      if (row && !identifier.startsWith("gatehouse:")) await new Promise((resolve) => setTimeout(resolve, winnerDelayMs))
      return row
    },
  }
  return { adapter: adapter as unknown as Required<Adapter>, rows }
}

describe("consumeLink", () => {
  it("two requests with the same link at the same moment: exactly one signs in, even when the loser hears first", async () => {
    const { adapter, rows } = racingAdapter(20)
    const identifier = "racer@example.test"
    const token = "a".repeat(64)
    const expires = new Date(Date.now() + 60_000)
    await adapter.createVerificationToken({ ...(await linkRecordKey(identifier, token, secret)), expires })
    await adapter.createVerificationToken({ ...(await codeRecordKey(identifier, await deriveSignInCode(token, secret), secret)), expires })

    const results = await Promise.all([
      consumeLink(adapter, identifier, token, secret, true),
      consumeLink(adapter, identifier, token, secret, true),
    ])
    expect(results.filter(Boolean)).toHaveLength(1)
    // The mail is spent: its link and its code row are both gone.
    expect(rows.size).toBe(0)
    expect(await consumeLink(adapter, identifier, token, secret, true)).toBe(false)
  })

  it("a link whose code was already used does not sign in", async () => {
    const { adapter } = racingAdapter(0)
    const identifier = "code-first@example.test"
    const token = "b".repeat(64)
    const expires = new Date(Date.now() + 60_000)
    await adapter.createVerificationToken({ ...(await linkRecordKey(identifier, token, secret)), expires })
    const codeKey = await codeRecordKey(identifier, await deriveSignInCode(token, secret), secret)
    await adapter.createVerificationToken({ ...codeKey, expires })
    await adapter.useVerificationToken(codeKey)
    expect(await consumeLink(adapter, identifier, token, secret, true)).toBe(false)
  })
})
