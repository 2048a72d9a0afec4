import { describe, expect, it } from "vitest"
import type { InternalProvider } from "../config/internal-options.js"
import type { RequestInternal } from "../http/request-internal.js"
import { accountIdentifier } from "./account-key.js"

const fields = ["email", "username"]

function post(body: Record<string, unknown>): RequestInternal {
  return { url: new URL("http://localhost/auth/signin/x"), method: "POST", action: "signin", providerId: "x", headers: new Headers(), cookies: {}, query: {}, body }
}

describe("accountIdentifier", () => {
  it.each([
    ["Ada@Example.TEST"],
    ["  ada@example.test\t"],
    ["ada＠example.test"],
    ["ａｄａ@ｅｘａｍｐｌｅ.test"],
  ])("folds %j to ada@example.test", (email) => {
    expect(accountIdentifier(post({ email }), fields, undefined)).toBe("ada@example.test")
  })

  it("takes the first configured field that holds a value", () => {
    expect(accountIdentifier(post({ username: "Grace", email: "" }), fields, undefined)).toBe("grace")
    expect(accountIdentifier(post({ login: "x" }), ["login"], undefined)).toBe("x")
  })

  it("ignores values that are not text, and inherited names", () => {
    expect(accountIdentifier(post({ email: ["a@b.c"], username: { toString: () => "x" } }), fields, undefined)).toBeUndefined()
    expect(accountIdentifier(post(JSON.parse('{"__proto__": {"email": "a@b.c"}}')), fields, undefined)).toBeUndefined()
  })

  it("reads the query of GET requests (e-mail links, passkey options)", () => {
    const request = { ...post({}), method: "GET" as const, body: undefined, query: { email: "ADA@example.test" } }
    expect(accountIdentifier(request, fields, undefined)).toBe("ada@example.test")
  })

  it("uses an e-mail provider's own normalizeIdentifier, so its aliases share a budget", () => {
    const provider = {
      type: "email",
      normalizeIdentifier: (value: string) => value.toLowerCase().replace(/\+[^@]*@/, "@"),
    } as unknown as InternalProvider
    expect(accountIdentifier(post({ email: "ada+1@example.test" }), fields, provider)).toBe("ada@example.test")
    expect(accountIdentifier(post({ email: "ada+2@example.test" }), fields, provider)).toBe("ada@example.test")
  })

  it("falls back to plain folding when the provider's normalizer refuses the value", () => {
    const provider = { type: "email", normalizeIdentifier: () => { throw new Error("no") } } as unknown as InternalProvider
    expect(accountIdentifier(post({ email: "A,B@x.y" }), fields, provider)).toBe("a,b@x.y")
  })

  it("bounds what it normalizes", () => {
    expect(accountIdentifier(post({ email: "a".repeat(100_000) }), fields, undefined)!.length).toBe(1024)
  })
})
