import { describe, expect, it } from "vitest"
import { serializeCookie } from "../../../core/src/http/serialize-cookie.js"
import { parseSetCookie } from "./parse-set-cookie.js"

describe("parseSetCookie", () => {
  it("reads back a cleared cookie as core writes it: empty value, Max-Age=0, past Expires, every flag", () => {
    const cleared = {
      name: "__Secure-authjs.session-token",
      value: "",
      options: { maxAge: 0, expires: new Date(0), path: "/", httpOnly: true, secure: true, sameSite: "lax" as const },
    }
    expect(parseSetCookie(serializeCookie(cleared))).toEqual(cleared)
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
    expect(parseSetCookie(serializeCookie(cookie))).toEqual(cookie)
  })

  it("ignores unknown or malformed attributes and refuses a header without a name", () => {
    expect(parseSetCookie("n=v; Max-Age=soon; Expires=never; SameSite=sometimes; Foo=bar; Path=")).toEqual({
      name: "n",
      value: "v",
      options: {},
    })
    expect(parseSetCookie("n=%E0%A4%A")).toEqual({ name: "n", value: "%E0%A4%A", options: {} })
    expect(parseSetCookie("=v; Path=/")).toBeNull()
    expect(parseSetCookie("no-equals-sign")).toBeNull()
    expect(parseSetCookie("")).toBeNull()
  })
})
