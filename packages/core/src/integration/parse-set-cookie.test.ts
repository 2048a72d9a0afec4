import { describe, expect, it } from "vitest"
import { serializeCookie } from "../http/serialize-cookie.js"
import { cookieFromSetCookie, parseSetCookie } from "./parse-set-cookie.js"

describe("parseSetCookie", () => {
  it("reads name, raw value and every attribute core writes", () => {
    const parsed = parseSetCookie(
      "authjs.session-token=abc.def; Path=/; Expires=Wed, 23 Dec 2026 11:05:07 GMT; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax; Domain=example.test",
    )
    expect(parsed).toEqual({
      name: "authjs.session-token",
      value: "abc.def",
      options: {
        path: "/",
        expires: "Wed, 23 Dec 2026 11:05:07 GMT",
        maxAge: 2592000,
        httpOnly: true,
        secure: true,
        sameSite: "lax",
        domain: "example.test",
      },
    })
  })

  it("keeps '=' and encoded characters inside the value untouched", () => {
    expect(parseSetCookie("authjs.callback-url=http%3A%2F%2Fa.test%2F%3Fx%3D1==; Path=/")?.value).toBe("http%3A%2F%2Fa.test%2F%3Fx%3D1==")
  })

  it("reads a deletion (empty value, Max-Age=0)", () => {
    expect(parseSetCookie("authjs.session-token=; Max-Age=0; Path=/")).toEqual({
      name: "authjs.session-token",
      value: "",
      options: { maxAge: 0, path: "/" },
    })
  })

  it("accepts attribute names in any case and reads Partitioned and Priority", () => {
    // Read on purpose: Next's and SvelteKit's cookie APIs write both back (Qwik's takes neither).
    expect(parseSetCookie("a=b; sAmEsItE=NONE; Priority=High; Partitioned")).toEqual({
      name: "a",
      value: "b",
      options: { sameSite: "none", priority: "high", partitioned: true },
    })
  })

  it("ignores unknown attributes and bad or empty arguments", () => {
    expect(
      parseSetCookie("a=b; Max-Age=soon; Max-Age=1.5; SameSite=sometimes; Priority=urgent; Foo=bar; Path=; Domain=; Expires="),
    ).toEqual({
      name: "a",
      value: "b",
      options: {},
    })
  })

  it("refuses a line without a cookie name", () => {
    expect(parseSetCookie("")).toBeNull()
    expect(parseSetCookie("=value; Path=/")).toBeNull()
    expect(parseSetCookie("no-equals-sign")).toBeNull()
  })
})

describe("cookieFromSetCookie", () => {
  it("reads back a cleared cookie as core writes it: empty value, Max-Age=0, past Expires, every flag", () => {
    const cleared = {
      name: "__Secure-authjs.session-token",
      value: "",
      options: { maxAge: 0, expires: new Date(0), path: "/", httpOnly: true, secure: true, sameSite: "lax" as const },
    }
    expect(cookieFromSetCookie(serializeCookie(cleared))).toEqual(cleared)
  })

  it("reads back every attribute core writes, and decodes the value", () => {
    const cookie = {
      name: "authjs.csrf-token",
      value: "a b;c=d|é",
      options: {
        maxAge: 3600,
        domain: "example.test",
        path: "/app",
        expires: new Date("2030-01-02T03:04:05Z"),
        httpOnly: true,
        secure: true,
        partitioned: true,
        priority: "high" as const,
        sameSite: "strict" as const,
      },
    }
    expect(cookieFromSetCookie(serializeCookie(cookie))).toEqual(cookie)
  })

  it("drops an Expires that is not a date, keeps a value that is not percent-encoded, refuses a line without a name", () => {
    expect(cookieFromSetCookie("n=v; Expires=never; Path=/")).toEqual({ name: "n", value: "v", options: { path: "/" } })
    expect(cookieFromSetCookie("n=%E0%A4%A")).toEqual({ name: "n", value: "%E0%A4%A", options: {} })
    expect(cookieFromSetCookie("=v; Path=/")).toBeNull()
    expect(cookieFromSetCookie("")).toBeNull()
  })
})
