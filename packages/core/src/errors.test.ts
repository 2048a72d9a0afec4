import { describe, expect, it } from "vitest"
import { errorReferenceUrl } from "./docs-link.js"
import * as errors from "./errors.js"
import { AuthError, CallbackRouteError, CredentialsSignin, isClientError, MissingCSRF, UnknownAction } from "./errors.js"

describe("AuthError", () => {
  it("keeps an Error argument as cause.err, with its own cause merged in", () => {
    const inner = new Error("database unreachable", { cause: { host: "db" } })
    const error = new CallbackRouteError(inner)
    expect(error.cause?.err).toBe(inner)
    expect(error.cause?.host).toBe("db")
  })

  it("keeps a message plus an Error, and a details object, as the cause", () => {
    const inner = new Error("inner")
    expect(new AuthError("outer", inner).cause?.err).toBe(inner)
    expect(new AuthError("outer", { provider: "github" }).cause).toEqual({ provider: "github" })
    expect(new AuthError({ provider: "github" }).cause).toEqual({ provider: "github" })
  })

  it("names itself after its class, carries Auth.js's type and kind, and links the docs", () => {
    const error = new MissingCSRF("no token")
    expect(error.name).toBe("MissingCSRF")
    expect(error.type).toBe("MissingCSRF")
    expect(error.kind).toBe("signIn")
    expect(error.message).toBe(`no token. Read more at ${errorReferenceUrl}#missingcsrf`)
    expect(new UnknownAction().message).toBe(`Read more at ${errorReferenceUrl}#unknownaction`)
    expect(new UnknownAction().kind).toBe("error")
  })

  it("lets a CredentialsSignin subclass choose its code", () => {
    class BadOtp extends CredentialsSignin {
      code = "bad_otp"
    }
    expect(new CredentialsSignin().code).toBe("credentials")
    expect(new BadOtp().code).toBe("bad_otp")
    expect(new BadOtp().type).toBe("CredentialsSignin")
  })
})

describe("isClientError", () => {
  it("accepts exactly Auth.js's eight client-safe types, and StepUpFailed", () => {
    const safe = Object.values(errors)
      .filter((value): value is typeof AuthError => typeof value === "function" && value.prototype instanceof AuthError)
      .map((ErrorClass) => new ErrorClass())
      .filter((error) => isClientError(error))
      .map((error) => error.type)
      .sort()
    expect(safe).toEqual([
      "AccessDenied",
      "AccountNotLinked",
      "CredentialsSignin",
      "MissingCSRF",
      "OAuthAccountNotLinked",
      "OAuthCallbackError",
      "StepUpFailed",
      "Verification",
      "WebAuthnVerificationError",
    ])
    expect(isClientError(new Error("plain"))).toBe(false)
  })
})
