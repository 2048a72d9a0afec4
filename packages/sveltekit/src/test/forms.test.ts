import { describe, expect, it } from "vitest"
import { hiddenSignInFields } from "../lib/components/hidden-sign-in-fields.js"
import { isAuthRequest } from "../lib/is-auth-request.js"
import { readSignInForm } from "../lib/read-sign-in-form.js"

describe("readSignInForm", () => {
  it("splits a posted form into provider, fields and authorization parameters", () => {
    const form = new FormData()
    form.set("providerId", "github")
    form.set("redirectTo", "/after")
    form.set("redirect", "false")
    form.set("email", "a@example.test")
    form.set("authorizationParams-prompt", "consent")
    form.set("avatar", new Blob(["binary"]), "avatar.png")
    expect(readSignInForm(form)).toEqual({
      providerId: "github",
      options: { redirectTo: "/after", email: "a@example.test" },
      authorizationParams: { prompt: "consent" },
    })
  })

  it("treats an empty providerId as none", () => {
    const form = new FormData()
    form.set("providerId", "")
    expect(readSignInForm(form).providerId).toBeUndefined()
  })
})

describe("hiddenSignInFields (what the SignIn component posts)", () => {
  it("names fields as the signIn action reads them", () => {
    expect(hiddenSignInFields("github", { callbackUrl: "/legacy", extra: "1" }, { prompt: "login", login: "alice" })).toEqual([
      ["providerId", "github"],
      ["redirectTo", "/legacy"],
      ["extra", "1"],
      ["authorizationParams-prompt", "login"],
      ["authorizationParams-login", "alice"],
    ])
  })

  it("accepts FormData options and query-string authorization params; round-trips through readSignInForm", () => {
    const options = new FormData()
    options.set("redirectTo", "/x")
    const fields = hiddenSignInFields("dev-idp", options, "prompt=consent&ui_locales=de")
    const posted = new FormData()
    for (const [name, value] of fields) posted.append(name, value)
    expect(readSignInForm(posted)).toEqual({
      providerId: "dev-idp",
      options: { redirectTo: "/x" },
      authorizationParams: { prompt: "consent", ui_locales: "de" },
    })
  })

  it("omits the provider when none is given", () => {
    expect(hiddenSignInFields(undefined, undefined, undefined)).toEqual([])
  })
})

describe("isAuthRequest", () => {
  it.each([
    ["/auth/session", "/auth", true],
    ["/auth/callback/github", "/auth", true],
    ["/auth/webauthn-options/passkey", "/auth", true],
    ["/auth", "/auth", false],
    ["/auth/", "/auth", false],
    ["/auth/admin", "/auth", false],
    ["/authx/session", "/auth", false],
    ["/app/auth/session", "/app/auth", true],
    ["/auth/session", "/app/auth", false],
  ])("%s under %s → %s", (path, basePath, expected) => {
    expect(isAuthRequest(path, basePath)).toBe(expected)
  })
})
