import { describe, expect, it } from "vitest"
import { checkRecentAuthentication } from "./check-recent-authentication.js"
import { sessionAuthentication } from "./session-authentication.js"

const now = Date.parse("2026-12-06T12:00:00Z")
const secondsAgo = (seconds: number, methods = ["pwd"]) => sessionAuthentication(Math.floor(now / 1000) - seconds, methods)

describe("checkRecentAuthentication", () => {
  it("passes a sign-in within maxAge, and refuses one older", () => {
    expect(checkRecentAuthentication({ authentication: secondsAgo(599) }, { maxAge: 600 }, now).ok).toBe(true)
    expect(checkRecentAuthentication({ authentication: secondsAgo(601) }, { maxAge: 600 }, now)).toEqual({ ok: false, reason: "too-old" })
  })

  it("accepts the authentication itself as well as a session carrying it", () => {
    expect(checkRecentAuthentication(secondsAgo(10), { maxAge: 60 }, now).ok).toBe(true)
  })

  it("refuses nobody, and a session without its authentication (removed by a callback, or minted before it existed)", () => {
    expect(checkRecentAuthentication(null, {}, now)).toEqual({ ok: false, reason: "no-session" })
    expect(checkRecentAuthentication({ expires: "2027-01-01T00:00:00Z" } as never, { maxAge: 600 }, now)).toEqual({
      ok: false,
      reason: "too-old",
    })
  })

  it("asks for a second factor when told to: a password alone is refused, mfa passes", () => {
    expect(checkRecentAuthentication({ authentication: secondsAgo(5) }, { secondFactor: true }, now)).toEqual({
      ok: false,
      reason: "second-factor",
    })
    expect(checkRecentAuthentication({ authentication: secondsAgo(5, ["pwd", "otp", "mfa"]) }, { secondFactor: true }, now).ok).toBe(true)
  })

  it("refuses a sign-in time in the future (beyond a minute's skew) or that does not parse", () => {
    expect(checkRecentAuthentication({ authentication: secondsAgo(-120) }, { maxAge: 600 }, now).ok).toBe(false)
    expect(checkRecentAuthentication({ authentication: secondsAgo(-30) }, { maxAge: 600 }, now).ok).toBe(true)
    expect(checkRecentAuthentication({ authentication: { time: "yesterday", methods: [], mfa: false } }, {}, now).ok).toBe(false)
  })

  it("does not trust a session's mfa flag that is not exactly true", () => {
    const forged = { time: new Date(now).toISOString(), methods: ["pwd"], mfa: "yes" as unknown as boolean }
    expect(checkRecentAuthentication({ authentication: forged }, { secondFactor: true }, now).ok).toBe(false)
  })
})
