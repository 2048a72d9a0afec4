import { describe, expect, it } from "vitest"
import { claimChallenge } from "./consumed-challenges.js"

describe("claimChallenge", () => {
  it("lets a challenge be answered once while its cookie could still be read", () => {
    const challenge = `c-${crypto.randomUUID()}`
    const now = Date.now()
    expect(claimChallenge(challenge, now)).toBe(true)
    expect(claimChallenge(challenge, now + 1000)).toBe(false)
    expect(claimChallenge(challenge, now + 15 * 60 * 1000)).toBe(false)
    // Long after the cookie expired, the entry is forgotten (the cookie itself is refused by then).
    expect(claimChallenge(challenge, now + 20 * 60 * 1000)).toBe(true)
  })
})
