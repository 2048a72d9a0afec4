import { describe, expect, it } from "vitest"
import { readAuthFailure } from "./read-auth-failure.js"

const requestUrl = "http://127.0.0.1:3000/?qaction=x"

describe("readAuthFailure", () => {
  it("reads CredentialsSignin and its code from the sign-in page URL", () => {
    expect(
      readAuthFailure("http://127.0.0.1:3000/auth/signin?error=CredentialsSignin&code=credentials", { providers: [] }, requestUrl),
    ).toEqual({ error: "CredentialsSignin", code: "credentials" })
  })

  it("reads errors landing on the error page, and on custom pages", () => {
    expect(readAuthFailure("http://127.0.0.1:3000/auth/error?error=AccessDenied", { providers: [] }, requestUrl)).toEqual({
      error: "AccessDenied",
    })
    const pages = { signIn: "/login", error: "/oops" }
    expect(readAuthFailure("http://127.0.0.1:3000/login?error=CredentialsSignin&code=x", { providers: [], pages }, requestUrl)).toEqual({
      error: "CredentialsSignin",
      code: "x",
    })
    expect(readAuthFailure("http://127.0.0.1:3000/oops?error=Configuration", { providers: [], pages }, requestUrl)).toEqual({
      error: "Configuration",
    })
  })

  it("treats any other target as success, even one carrying an error parameter", () => {
    expect(readAuthFailure("http://127.0.0.1:3000/protected/", { providers: [] }, requestUrl)).toBeNull()
    expect(readAuthFailure("http://127.0.0.1:3000/dashboard?error=shown-by-app", { providers: [] }, requestUrl)).toBeNull()
    expect(readAuthFailure("https://idp.test/authorize?error=x", { providers: [] }, requestUrl)).toBeNull()
    expect(readAuthFailure("http://other.test/auth/signin?error=CredentialsSignin", { providers: [] }, requestUrl)).toBeNull()
  })
})
