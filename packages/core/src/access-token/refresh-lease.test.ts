import { describe, expect, it } from "vitest"
import { claimMs, claimValue, readClaim } from "./refresh-lease.js"

describe("refresh claims", () => {
  it("hand back the refresh token they hold, colons and all, and when they run out", () => {
    const refreshToken = "rt:with:colons:and-=/+"
    const claim = readClaim(claimValue(refreshToken, 1_000))
    expect(claim).toEqual({ until: 1_000 + claimMs, refreshToken })
  })

  it("are told apart from plain refresh tokens, including ones that merely look alike", () => {
    expect(readClaim("rt-plain")).toBeUndefined()
    expect(readClaim("gatehouse-refresh-claim:")).toBeUndefined()
    expect(readClaim("gatehouse-refresh-claim:not-a-number:id:rt")).toBeUndefined()
    expect(readClaim("gatehouse-refresh-claim:123")).toBeUndefined()
  })

  it("are unique per claim, so two instances never hold the same one", () => {
    expect(claimValue("rt", 1)).not.toBe(claimValue("rt", 1))
  })

  it("outlast the longest token request, so a live refresh is never taken over", async () => {
    const { refreshTimeoutMs } = await import("./refresh-grant.js")
    expect(claimMs).toBeGreaterThan(refreshTimeoutMs)
  })
})
