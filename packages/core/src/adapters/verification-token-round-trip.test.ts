import { describe, expect, it } from "vitest"
import type { VerificationToken } from "../adapters.js"
import { roundTripIdentifier, verificationTokenRoundTrip } from "./verification-token-round-trip.js"

/** Verification tokens in a Map, used once like the shipped adapters' DELETE … RETURNING. */
function mapTokens() {
  const tokens = new Map<string, VerificationToken>()
  return {
    tokens,
    async createVerificationToken(token: VerificationToken) {
      tokens.set(`${token.identifier} ${token.token}`, token)
      return token
    },
    async useVerificationToken({ identifier, token }: { identifier: string; token: string }) {
      const found = tokens.get(`${identifier} ${token}`) ?? null
      tokens.delete(`${identifier} ${token}`)
      return found
    },
  }
}

describe("verificationTokenRoundTrip", () => {
  it("passes a working adapter and leaves nothing behind", async () => {
    const adapter = mapTokens()
    expect(await verificationTokenRoundTrip(adapter)).toBeUndefined()
    expect(adapter.tokens.size).toBe(0)
  })

  it("names a stub that returns nothing", async () => {
    const adapter = { ...mapTokens(), useVerificationToken: async () => null }
    expect(await verificationTokenRoundTrip(adapter)).toMatch(
      /^useVerificationToken did not return the verification token createVerificationToken had just stored \(it returned null; is it a stub\?\)/,
    )
  })

  it("names one that returns another record", async () => {
    const adapter = {
      ...mapTokens(),
      useVerificationToken: async () => ({ identifier: roundTripIdentifier, token: "other", expires: new Date() }),
    }
    expect(await verificationTokenRoundTrip(adapter)).toContain("(it returned another record)")
  })

  it("names one that returns the record without deleting it", async () => {
    const working = mapTokens()
    const adapter = {
      ...working,
      useVerificationToken: async ({ identifier, token }: { identifier: string; token: string }) =>
        working.tokens.get(`${identifier} ${token}`) ?? null,
    }
    expect(await verificationTokenRoundTrip(adapter)).toMatch(/returned the same verification token twice: it must delete/)
  })

  it("lets an adapter failure through as it is", async () => {
    const adapter = {
      ...mapTokens(),
      createVerificationToken: async () => {
        throw new Error("database is down")
      },
    }
    await expect(verificationTokenRoundTrip(adapter)).rejects.toThrow("database is down")
  })
})
