import { describe, expect, it } from "vitest"
import Credentials from "../providers/credentials.js"
import GitHub from "../providers/github.js"
import { findProvider } from "../integration.js"
import { forwardedHeaders, forwardedOrigin } from "../http/forwarded-headers.js"
import { sessionFromAnswer, sessionFromBody } from "./read-session.js"

describe("sessionFromBody (the session action's answer, fail closed)", () => {
  it("accepts a session object, or the same as a JSON string", () => {
    const session = { user: { email: "a@example.test" }, expires: "2030-01-01T00:00:00.000Z" }
    expect(sessionFromBody(session)).toBe(session)
    expect(sessionFromBody(JSON.stringify(session))).toEqual(session)
  })

  it.each([null, undefined, {}, "{}", "", "null", "[]", [], "not json", 0, true])("reads %j as no session", (body) => {
    expect(sessionFromBody(body)).toBeNull()
  })
})

describe("sessionFromAnswer (the session action's answer as an object, as its JSON)", () => {
  const roundTrip = (value: unknown) => sessionFromBody(JSON.stringify(value ?? null))

  it.each([
    ["a database session's Dates", { user: { id: "u1", emailVerified: new Date(0) }, expires: new Date(86_400_000) }],
    [
      "undefined fields, functions and symbols left out",
      { user: { name: undefined, image: null, f: () => 1 }, expires: "x", s: Symbol("s") },
    ],
    ["arrays: undefined as null", { user: {}, expires: "x", list: [1, undefined, () => 1, "a", [new Date(5)]] }],
    ["non-finite numbers as null", { user: { n: Number.NaN, m: Number.POSITIVE_INFINITY, z: -0 }, expires: "x" }],
    ["toJSON honoured", { user: { special: { toJSON: () => ({ as: "json" }) } }, expires: "x" }],
    ["nested booleans and strings", { user: { a: true, b: "b" }, expires: "x", authentication: { methods: ["pwd", "otp"] } }],
  ])("%s: equal to the JSON round trip", (_name, answer) => {
    expect(sessionFromAnswer(answer)).toStrictEqual(roundTrip(answer))
  })

  it("copies: the caller owns what it gets", () => {
    const answer = { user: { email: "a@example.test" }, expires: "2030-01-01T00:00:00.000Z" }
    const session = sessionFromAnswer(answer)
    expect(session).toEqual(answer)
    expect(session).not.toBe(answer)
    expect(session?.user).not.toBe(answer.user)
  })

  it.each([null, undefined, {}, [], { a: undefined }, 0, "x"])("reads %j as no session", (answer) => {
    expect(sessionFromAnswer(answer)).toBeNull()
  })

  it("throws on a BigInt, as JSON.stringify does", () => {
    expect(() => sessionFromAnswer({ user: { n: 1n }, expires: "x" })).toThrow(TypeError)
  })
})

describe("findProvider", () => {
  it("finds objects and factories by id, the app's override of the id winning", () => {
    const providers = [GitHub, GitHub({ id: "github-enterprise" } as any), Credentials({ authorize: () => null })]
    expect(findProvider(providers, "github")).toEqual({ id: "github", type: "oauth" })
    expect(findProvider(providers, "github-enterprise")).toEqual({ id: "github-enterprise", type: "oauth" })
    expect(findProvider(providers, "credentials")).toEqual({ id: "credentials", type: "credentials" })
    expect(findProvider(providers, "gitlab")).toBeUndefined()
  })
})

describe("forwardedHeaders", () => {
  it("keeps the user's headers and drops those of the original body and the JSON-redirect switch", () => {
    const incoming = new Headers({
      cookie: "a=1",
      "user-agent": "test",
      "x-forwarded-for": "203.0.113.9",
      "content-type": "multipart/form-data; boundary=x",
      "content-length": "42",
      "content-encoding": "gzip",
      "transfer-encoding": "chunked",
      "x-auth-return-redirect": "1",
    })
    const headers = forwardedHeaders(incoming)
    expect([...headers.keys()].sort()).toEqual(["cookie", "user-agent", "x-forwarded-for"])
    expect(incoming.get("content-length")).toBe("42")
  })
})

describe("forwardedOrigin", () => {
  it("prefers the forwarded host and protocol, first entry of each list", () => {
    const headers = new Headers({ host: "internal:3000", "x-forwarded-host": "app.example, proxy", "x-forwarded-proto": "https, http" })
    expect(forwardedOrigin(headers, "http:")).toBe("https://app.example")
  })

  it("falls back to Host and the given protocol", () => {
    expect(forwardedOrigin(new Headers({ host: "127.0.0.1:3000" }), "http:")).toBe("http://127.0.0.1:3000")
    expect(forwardedOrigin(new Headers({ host: "app.example:443" }), "https")).toBe("https://app.example")
  })

  it.each([
    [{}],
    [{ host: "app.example", "x-forwarded-proto": "javascript" }],
    [{ host: "app.example/evil" }],
    [{ host: "user:pass@app.example" }],
    [{ host: "app.example?x=1" }],
    [{ host: "exa mple" }],
  ])("gives nothing for %j", (headers) => {
    expect(forwardedOrigin(new Headers(headers as Record<string, string>), "https")).toBeUndefined()
  })
})
