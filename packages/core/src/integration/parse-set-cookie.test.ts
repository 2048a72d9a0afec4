import { describe, expect, it } from "vitest"
import { parseSetCookie } from "./parse-set-cookie.js"

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
