import { describe, expect, it } from "vitest"
import type { InternalProvider } from "../providers/types.js"
import type { RequestInternal } from "../http/request-internal.js"
import Credentials from "../providers/credentials.js"
import { accountKeyOf, identifyingFields } from "./account-key.js"

const usernamePassword = Credentials({
  credentials: { username: { label: "Username" }, password: { type: "password" } },
}) as unknown as InternalProvider
const emailProvider = { id: "mail", type: "email" } as unknown as InternalProvider
const request = new Request("http://localhost/auth/callback/x", { method: "POST" })

function post(body: Record<string, unknown>): RequestInternal {
  return {
    url: new URL("http://localhost/auth/callback/x"),
    method: "POST",
    action: "callback",
    providerId: "x",
    headers: new Headers(),
    cookies: {},
    query: {},
    body,
  }
}

describe("accountKeyOf, credentials", () => {
  it.each([["Ada"], ["  ada\t"], ["Ａｄａ"], ["ADA\u3000"]])("folds %j to ada", async (username) => {
    expect(await accountKeyOf(request, post({ username }), usernamePassword, {})).toEqual({ key: "ada" })
  })

  it("keys on the declared field only: a decoy email changes nothing", async () => {
    expect(await accountKeyOf(request, post({ username: "ada", email: "new-1@x.test" }), usernamePassword, {})).toEqual({ key: "ada" })
    expect(await accountKeyOf(request, post({ email: "new-2@x.test" }), usernamePassword, {})).toHaveProperty("unreadable")
  })

  it.each([
    ["missing", {}],
    ["a number", { username: 7 }],
    ["an array", { username: ["ada"] }],
    ["blank", { username: "   " }],
    ["over-long", { username: " ".repeat(1300) + "ada" }],
  ])("calls a %s identifying field unreadable", async (_, body) => {
    expect(await accountKeyOf(request, post(body), usernamePassword, {})).toHaveProperty("unreadable")
  })

  it("does not read inherited names", async () => {
    expect(await accountKeyOf(request, post(JSON.parse('{"__proto__": {"username": "ada"}}')), usernamePassword, {})).toHaveProperty(
      "unreadable",
    )
  })

  it("takes accountFields together, each required", async () => {
    const options = { accountFields: ["tenant", "username"] }
    expect(await accountKeyOf(request, post({ tenant: "A", username: "ada" }), usernamePassword, options)).toEqual({ key: '["a","ada"]' })
    expect(await accountKeyOf(request, post({ username: "ada" }), usernamePassword, options)).toHaveProperty("unreadable")
  })

  it("uses accountKey(request, fields) when given; nothing returned is unreadable", async () => {
    const accountKey = (_: Request, fields: Record<string, unknown>) =>
      typeof fields.login === "string" ? fields.login.split("\\")[1] : undefined
    expect(await accountKeyOf(request, post({ login: "CORP\\Ada" }), usernamePassword, { accountKey })).toEqual({ key: "ada" })
    expect(await accountKeyOf(request, post({ username: "ada" }), usernamePassword, { accountKey })).toHaveProperty("unreadable")
  })

  it("names no account when the provider declares no identifying field, or is not credentials or e-mail", async () => {
    const bare = Credentials({}) as InternalProvider
    expect(await accountKeyOf(request, post({ username: "ada" }), bare, {})).toEqual({ none: true })
    expect(await accountKeyOf(request, post({ username: "ada" }), { type: "oidc" } as InternalProvider, {})).toEqual({ none: true })
  })

  it("finds the first declared field that is not a password or another secret, typed or not", () => {
    expect(identifyingFields({ password: { type: "password" }, email: {}, otp: {} })).toEqual(["email"])
    expect(identifyingFields({ password: {}, username: {} })).toEqual(["username"]) // keying on the guess would be no limit
    expect(identifyingFields({ passcode: {}, totp: {}, code: {}, apiToken: {}, pin: {}, login: {} })).toEqual(["login"])
    expect(identifyingFields({ password: { type: "password" } })).toEqual([])
  })
})

describe("accountKeyOf, e-mail", () => {
  it("reads the address exactly as the flow does (padding trimmed, full-width @ folded)", async () => {
    for (const email of ["Ada@Example.TEST", " ".repeat(1100) + "ada@example.test", "ada＠example.test"]) {
      expect(await accountKeyOf(request, post({ email }), emailProvider, {})).toEqual({ key: "ada@example.test" })
    }
  })

  it("calls over-long, non-text and invalid addresses unreadable, as the flow refuses them", async () => {
    for (const email of [" ".repeat(1300) + "ada@example.test", ["ada@example.test"], "a,b@x.test", undefined]) {
      expect(await accountKeyOf(request, post({ email }), emailProvider, {})).toHaveProperty("unreadable")
    }
  })

  it("uses the provider's own normalizeIdentifier, so its aliases share a budget", async () => {
    const provider = {
      ...emailProvider,
      normalizeIdentifier: (value: string) =>
        value
          .trim()
          .toLowerCase()
          .replace(/\+[^@]*@/, "@"),
    } as InternalProvider
    expect(await accountKeyOf(request, post({ email: "ada+1@example.test" }), provider, {})).toEqual({ key: "ada@example.test" })
  })

  it("reads the query of GET requests (e-mail links)", async () => {
    const get = { ...post({}), method: "GET" as const, body: undefined, query: { email: "ADA@example.test" } }
    expect(await accountKeyOf(request, get, emailProvider, {})).toEqual({ key: "ada@example.test" })
  })
})

describe("accountKeyOf, passwords", () => {
  const passwordProvider = { id: "password", type: "password" } as unknown as InternalProvider

  it("keys sign-in, sign-up and codes on the address as the flow reads it", async () => {
    for (const email of ["Ada@Example.test", " ada@example.test ", "ａｄａ@example.test"]) {
      expect(await accountKeyOf(request, post({ email, password: "x" }), passwordProvider, {})).toEqual({ key: "ada@example.test" })
    }
    const forgot = {
      ...post({ email: "ADA@example.test" }),
      action: "password" as const,
      providerId: undefined,
      operation: "forgot" as const,
    }
    expect(await accountKeyOf(request, forgot, passwordProvider, {})).toEqual({ key: "ada@example.test" })
  })

  it("a malformed address is unreadable; no address at all (a link's token) is per client only, never one shared budget", async () => {
    expect(await accountKeyOf(request, post({ email: "not an address" }), passwordProvider, {})).toHaveProperty("unreadable")
    expect(await accountKeyOf(request, post({ token: "t" }), passwordProvider, {})).toEqual({ none: true })
    const linkOpened = { ...post({}), method: "GET" as const, body: undefined, query: { token: "t" } }
    expect(await accountKeyOf(request, linkOpened, passwordProvider, {})).toEqual({ none: true })
  })
})
