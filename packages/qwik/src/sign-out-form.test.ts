import { describe, expect, it } from "vitest"
import { signOutForm } from "./sign-out-form.js"
import { validateSignOutInput } from "./validate-action-input.js"

/** What the action posts for an input as a form sends it, after the server-side validation. */
async function posted(input: Record<string, unknown>): Promise<Record<string, string>> {
  const validated = await validateSignOutInput(null, input)
  if (!validated.success) throw new Error(JSON.stringify(validated.error))
  return Object.fromEntries(signOutForm(validated.data, "http://app.test/page"))
}

describe("the form useSignOut posts to /auth/signout", () => {
  it("carries federated=true beside callbackUrl when asked (a form's string or a boolean)", async () => {
    expect(await posted({ redirectTo: "/bye", federated: "true" })).toEqual({ callbackUrl: "/bye", federated: "true" })
    expect(await posted({ redirectTo: "/bye", federated: true })).toEqual({ callbackUrl: "/bye", federated: "true" })
  })

  it("carries federated=false to turn a provider's default off, and nothing when not asked", async () => {
    expect(await posted({ federated: "false" })).toEqual({ callbackUrl: "http://app.test/page", federated: "false" })
    expect(await posted({ redirectTo: "/" })).toEqual({ callbackUrl: "/" })
  })

  it("refuses any other federated value", async () => {
    const result = await validateSignOutInput(null, { federated: "yes" })
    expect(result.success === false && result.error.fieldErrors.federated).toEqual([expect.any(String)])
  })
})
