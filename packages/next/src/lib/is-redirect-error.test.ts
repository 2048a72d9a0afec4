import { redirect } from "next/navigation"
import { describe, expect, it } from "vitest"
import { CredentialsSignin } from "@gatehouse/core/errors"
import { isRedirectError } from "./is-redirect-error.js"

function thrownBy(action: () => unknown): unknown {
  try {
    action()
  } catch (error) {
    return error
  }
  throw new Error("did not throw")
}

describe("isRedirectError", () => {
  it("recognises what Next's redirect() throws", () => {
    expect(isRedirectError(thrownBy(() => redirect("/somewhere")))).toBe(true)
    expect(isRedirectError(thrownBy(() => redirect("https://idp.example/authorize?x=1")))).toBe(true)
  })

  it("does not mistake sign-in failures or other errors for it", () => {
    expect(isRedirectError(new CredentialsSignin())).toBe(false)
    expect(isRedirectError(new Error("NEXT_REDIRECT"))).toBe(false)
    expect(isRedirectError({ digest: "NEXT_NOT_FOUND" })).toBe(false)
    expect(isRedirectError(null)).toBe(false)
    expect(isRedirectError("NEXT_REDIRECT")).toBe(false)
  })
})
