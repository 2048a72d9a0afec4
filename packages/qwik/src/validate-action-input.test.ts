import { describe, expect, it } from "vitest"
import { validateRevokeSessionInput, validateSignInInput, validateSignOutInput } from "./validate-action-input.js"

describe("sign-in input", () => {
  it("accepts the documented shape, keeping extra option fields", async () => {
    const input = {
      providerId: "credentials",
      redirectTo: "/a",
      options: { redirectTo: "/b", username: "demo", remember: true },
      authorizationParams: { prompt: "login" },
    }
    await expect(validateSignInInput(null, input)).resolves.toEqual({ success: true, data: input })
    await expect(validateSignInInput(null, {})).resolves.toEqual({ success: true, data: {} })
    const params = new URLSearchParams("a=1")
    const result = await validateSignInInput(null, { authorizationParams: params })
    expect(result.success && result.data.authorizationParams).toBe(params)
  })

  it("reports each bad field as an array of messages, with form errors apart", async () => {
    const result = await validateSignInInput(null, {
      providerId: 42,
      redirectTo: ["/x"],
      options: "not-an-object",
      authorizationParams: { prompt: 1 },
    })
    expect(result.success).toBe(false)
    if (result.success) return
    expect(result.status).toBe(400)
    expect(result.error.formErrors).toEqual([])
    for (const field of ["providerId", "redirectTo", "options", "authorizationParams"]) {
      expect(result.error.fieldErrors[field]).toEqual([expect.any(String)])
    }
  })

  it("reads redirectOnFailure from a form's string or a boolean, and rejects anything else", async () => {
    for (const [given, read] of [
      ["false", false],
      ["true", true],
      [false, false],
      [true, true],
    ] as const) {
      const result = await validateSignInInput(null, { redirectOnFailure: given })
      expect(result.success && result.data.redirectOnFailure).toBe(read)
    }
    const bad = await validateSignInInput(null, { redirectOnFailure: "no" })
    expect(bad.success === false && bad.error.fieldErrors.redirectOnFailure).toEqual([expect.any(String)])
  })

  it("rejects a non-string options.redirectTo under options", async () => {
    const result = await validateSignInInput(null, { options: { redirectTo: 5 } })
    expect(result.success === false && result.error.fieldErrors.options).toEqual([expect.stringMatching(/string/i)])
  })
})

describe("sign-out input", () => {
  it("accepts an optional redirectTo string and rejects anything else", async () => {
    await expect(validateSignOutInput(null, { redirectTo: "/" })).resolves.toEqual({ success: true, data: { redirectTo: "/" } })
    await expect(validateSignOutInput(null, {})).resolves.toMatchObject({ success: true })
    const result = await validateSignOutInput(null, { redirectTo: { evil: true } })
    expect(result.success === false && result.error.fieldErrors.redirectTo).toEqual([expect.any(String)])
  })
})

describe("revoke-session input", () => {
  it("accepts one session id, or scope others / all", async () => {
    for (const input of [{ sessionId: "0123456789abcdef0123456789abcdef" }, { scope: "others" }, { scope: "all" }]) {
      await expect(validateRevokeSessionInput(null, input)).resolves.toEqual({ success: true, data: input })
    }
  })

  it("refuses neither, both, another scope, an empty or non-string id", async () => {
    for (const input of [{}, { sessionId: "a", scope: "all" }]) {
      const result = await validateRevokeSessionInput(null, input)
      expect(result.success === false && result.status).toBe(400)
      expect(result.success === false && result.error.formErrors).toEqual([expect.stringMatching(/either/)])
    }
    for (const [input, field] of [
      [{ scope: "everyone" }, "scope"],
      [{ sessionId: "" }, "sessionId"],
      [{ sessionId: ["a"] }, "sessionId"],
    ] as const) {
      const result = await validateRevokeSessionInput(null, input)
      expect(result.success === false && result.error.fieldErrors[field]).toEqual([expect.any(String)])
    }
  })
})
