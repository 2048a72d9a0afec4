import { describe, expect, it } from "vitest"
import {
  isCredentialsToken,
  isUnverifiedToken,
  keepTokenMarks,
  markCredentialsToken,
  markUnverifiedToken,
  tokenMarksOf,
  unverifiedTokenStillValid,
} from "./token-marks.js"

describe("token marks", () => {
  it("a callback that changes the token in place adds no mark: the marks are compared with those taken before it ran", () => {
    const token: Record<string, unknown> = markCredentialsToken({ sub: "1" }, "credentials")
    const before = tokenMarksOf(token)
    expect(before).toEqual({ "gatehouse.credentials": "credentials" })
    Object.assign(token, { name: "B", "gatehouse.sid": "chosen", "gatehouse.credentials": undefined })
    expect(keepTokenMarks(before, token)).toEqual({ sub: "1", name: "B", "gatehouse.credentials": "credentials" })
  })

  it("a jwt callback that rebuilds the token from scratch keeps both marks", () => {
    const before = markUnverifiedToken(markCredentialsToken({ sub: "1", name: "A" }, "credentials"))
    const rebuilt = keepTokenMarks(before, { sub: "1", name: "B" })
    expect(rebuilt).toEqual({ sub: "1", name: "B", "gatehouse.credentials": "credentials", "gatehouse.unverified": true })
    expect(isCredentialsToken(rebuilt)).toBe(true)
    expect(isUnverifiedToken(rebuilt)).toBe(true)
  })

  it("a callback cannot unset or change a mark, and an unmarked token gains none", () => {
    const before = markUnverifiedToken({ sub: "1" })
    expect(keepTokenMarks(before, { sub: "1", "gatehouse.unverified": false })["gatehouse.unverified"]).toBe(true)
    expect(keepTokenMarks({ sub: "1" }, { sub: "1", name: "x" })).toEqual({ sub: "1", name: "x" })
    // Not even when the callback adds one (an update's data copied into the token).
    const added = {
      sub: "1",
      "gatehouse.sid": "chosen",
      "gatehouse.tokens": { provider: "p", providerAccountId: "a", access_token: "chosen" },
      "gatehouse.idp": { provider: "p" },
    }
    expect(keepTokenMarks({ sub: "1" }, added)).toEqual({ sub: "1" })
    expect(keepTokenMarks(markUnverifiedToken({ sub: "1" }), added)).toEqual({ sub: "1", "gatehouse.unverified": true })
  })

  it("only the exact values mark a token", () => {
    for (const value of [false, "true", 1, null, undefined])
      expect(isUnverifiedToken({ "gatehouse.unverified": value } as never)).toBe(false)
    for (const value of [true, 1, null, undefined]) expect(isCredentialsToken({ "gatehouse.credentials": value } as never)).toBe(false)
    expect(isUnverifiedToken(null)).toBe(false)
  })

  it("a token minted for an unverified user is that user's only while the user stays unverified and exists", () => {
    const user = { id: "7", email: "a@example.test", emailVerified: null }
    expect(unverifiedTokenStillValid(user)).toBe(true)
    expect(unverifiedTokenStillValid({ ...user, emailVerified: new Date() })).toBe(false)
    expect(unverifiedTokenStillValid(null)).toBe(false)
  })
})
