import { describe, expect, test } from "vitest"
import { signInRoute } from "./post-auth-form.js"

describe("signInRoute: where an integration's server-side signIn posts", () => {
  test("forms that are the sign-in itself (credentials, passwords) go to the callback", () => {
    expect(signInRoute("credentials")).toBe("callback")
    expect(signInRoute("password")).toBe("callback")
  })

  test("the others start at /signin", () => {
    for (const type of ["oauth", "oidc", "email", "webauthn"] as const) expect(signInRoute(type)).toBe("signin")
  })
})
