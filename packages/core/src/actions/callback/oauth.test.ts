import { describe, expect, it } from "vitest"
import type { Profile } from "../../shared-types.js"
import { providerVouchesForEmail } from "./oauth.js"

// Providers send email_verified as whatever they like; the typed Profile says boolean, so the odd ones go in untyped.
const profileOf = (claims: Record<string, unknown>) => claims as Profile

describe("providerVouchesForEmail", () => {
  const user = { email: "ada@example.test" }

  it("vouches for email_verified true (or the string some providers send) for that very address", () => {
    expect(providerVouchesForEmail({ email: "ada@example.test", email_verified: true }, user)).toBe(true)
    expect(providerVouchesForEmail(profileOf({ email: "Ada@Example.test", email_verified: "true" }), user)).toBe(true)
  })

  it("does not vouch without the claim, for false, or for anything truthy that is not true", () => {
    for (const email_verified of [undefined, false, "false", 1, "yes", {}]) {
      expect(providerVouchesForEmail(profileOf({ email: "ada@example.test", email_verified }), user)).toBe(false)
    }
  })

  it("does not vouch when profile() mapped another address than the one the claim is about", () => {
    expect(providerVouchesForEmail({ email: "other@example.test", email_verified: true }, user)).toBe(false)
    expect(providerVouchesForEmail({ email_verified: true }, user)).toBe(false)
    expect(providerVouchesForEmail({ email: "ada@example.test", email_verified: true }, { email: null })).toBe(false)
  })
})
