import { describe, expect, it } from "vitest"
import { UnknownAction } from "../errors.js"
import { Auth } from "../handler/auth.js"
import { base, browserFor, credentialsConfig } from "@gatehouse/test-kit/credentials-app"
import { parseCookieHeader } from "./parse-cookie-header.js"
import { parseActionPath, parseRequest } from "./parse-request.js"
import { maxBodyBytes, readBody } from "./read-body.js"

describe("parseActionPath", () => {
  it.each([
    ["/auth/session", "/auth", { action: "session", providerId: undefined }],
    ["/auth/signin/github", "/auth", { action: "signin", providerId: "github" }],
    ["/auth/signin/github///", "/auth", { action: "signin", providerId: "github" }],
    ["/auth/callback/undefined", "/auth", { action: "callback", providerId: undefined }],
    ["/api/auth/webauthn-options/passkey", "/api/auth", { action: "webauthn-options", providerId: "passkey" }],
    ["/api/auth/csrf", "/api/auth/", { action: "csrf", providerId: undefined }],
    ["/auth/error/", "/auth", { action: "error", providerId: undefined }],
    ["/auth/signout/callback/dev-oidc", "/auth", { action: "signout", providerId: "dev-oidc" }],
    ["/auth/signout/callback/dev-oidc/", "/auth", { action: "signout", providerId: "dev-oidc" }],
  ])("%s under %s", (pathname, basePath, expected) => {
    expect(parseActionPath(pathname, basePath)).toEqual(expected)
  })

  it.each([
    ["/auth", "/auth"],
    ["/auth/", "/auth"],
    ["/auth/nope", "/auth"],
    ["/auth//signin", "/auth"],
    ["/auth/signin//github", "/auth"],
    ["/auth/signin/github/extra", "/auth"],
    ["/auth/session/x", "/auth"],
    ["/auth/providers/x", "/auth"],
    ["/auth/signout/x", "/auth"],
    ["/auth/signout/callback", "/auth"],
    ["/auth/signout/callback//x", "/auth"],
    ["/auth/signout/callback/x/y", "/auth"],
    ["/auth/signout/other/x", "/auth"],
    ["/auth/signin/callback/x", "/auth"],
    ["/auth/callback/callback/x", "/auth"],
    ["/auth/error/x", "/auth"],
    ["/auth/verify-request/x", "/auth"],
    ["/authx/session", "/auth"],
    ["/api/auth/session", "/auth"],
    ["/auth/__proto__", "/auth"],
    ["/auth/constructor", "/auth"],
    ["/auth/toString", "/auth"],
  ])("refuses %s under %s", (pathname, basePath) => {
    expect(() => parseActionPath(pathname, basePath)).toThrow(UnknownAction)
  })

  it("does not treat basePath as a pattern", () => {
    expect(() => parseActionPath("/aXuth/session", "/a.uth")).toThrow(UnknownAction)
  })
})

describe("parseRequest", () => {
  it("collects method, action, provider, cookies, query and error", async () => {
    const request = new Request(`${base}/signin/github?error=OAuthCallbackError&x=1`, {
      headers: { cookie: "a=1; b=two%20words" },
    })
    const parsed = await parseRequest(request, "/auth")
    expect(parsed).toMatchObject({
      method: "GET",
      action: "signin",
      providerId: "github",
      cookies: { a: "1", b: "two words" },
      query: { error: "OAuthCallbackError", x: "1" },
      error: "OAuthCallbackError",
      body: undefined,
    })
  })

  it.each(["PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"])("refuses %s", async (method) => {
    expect(() => parseRequest(new Request(`${base}/session`, { method }), "/auth")).toThrow(UnknownAction)
  })

  it("does not read the body of a GET", async () => {
    const parsed = await parseRequest(new Request(`${base}/session`), "/auth")
    expect(parsed.body).toBeUndefined()
  })
})

describe("readBody", () => {
  const post = (body: BodyInit, type?: string, headers: Record<string, string> = {}) =>
    new Request(`${base}/callback/credentials`, {
      method: "POST",
      headers: { ...(type ? { "content-type": type } : {}), ...headers },
      body,
    })

  it("parses url-encoded forms into a flat record", async () => {
    expect(await readBody(post("a=1&b=x%20y&a=2", "application/x-www-form-urlencoded"))).toEqual({ a: "2", b: "x y" })
  })

  it("parses JSON objects, with a charset in the type", async () => {
    expect(await readBody(post('{"a":{"b":1}}', "application/json; charset=utf-8"))).toEqual({ a: { b: 1 } })
  })

  it("gives an empty record for an empty JSON body", async () => {
    expect(await readBody(post("", "application/json"))).toEqual({})
  })

  it.each([
    ["multipart", "multipart/form-data; boundary=x"],
    ["plain text", "text/plain"],
    ["no content type", undefined],
  ])("ignores %s bodies", async (_, type) => {
    expect(await readBody(post("csrfToken=x", type))).toBeUndefined()
  })

  it.each([
    ["malformed JSON", "{"],
    ["a JSON array", "[1,2]"],
    ["a JSON string", '"x"'],
    ["JSON null", "null"],
    ["a JSON number", "1"],
  ])("refuses %s with UnknownAction", async (_, body) => {
    await expect(readBody(post(body, "application/json"))).rejects.toThrow(UnknownAction)
  })

  it("refuses a body over the limit by its declared length", async () => {
    const big = "a=" + "x".repeat(maxBodyBytes)
    await expect(readBody(post(big, "application/x-www-form-urlencoded"))).rejects.toThrow(UnknownAction)
  })

  it("refuses a streamed body over the limit that declares no length", async () => {
    const chunk = new TextEncoder().encode("a".repeat(16 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const request = new Request(`${base}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      duplex: "half",
    } as RequestInit)
    expect(request.headers.get("content-length")).toBeNull()
    await expect(readBody(request)).rejects.toThrow(UnknownAction)
    // It stopped reading soon after the limit instead of draining the whole stream.
    expect(sent).toBeLessThan(10)
  })

  it("keeps multi-byte characters split across chunks intact", async () => {
    const bytes = new TextEncoder().encode('{"name":"Ada ✓"}')
    const split = bytes.indexOf(0xe2) + 1
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, split))
        controller.enqueue(bytes.slice(split))
        controller.close()
      },
    })
    const request = new Request(`${base}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit)
    expect(await readBody(request)).toEqual({ name: "Ada ✓" })
  })
})

describe("bad bodies through Auth(): 400 or the MissingCSRF page, never a crash", () => {
  async function postWithCsrfCookie(body: BodyInit, type: string | undefined, path = "/callback/credentials") {
    const browser = browserFor(credentialsConfig())
    await browser.csrfToken(base)
    return browser.fetch(`${base}${path}`, {
      method: "POST",
      headers: type ? { "content-type": type } : {},
      body,
    })
  }

  it.each([
    ["malformed JSON", '{"csrfToken":', "application/json"],
    ["a JSON array", '["csrfToken"]', "application/json"],
    ["a JSON string", '"csrfToken"', "application/json"],
    ["JSON null", "null", "application/json"],
    ["a body over 64 kB", `username=${"x".repeat(70 * 1024)}`, "application/x-www-form-urlencoded"],
    ["a JSON body over 64 kB", JSON.stringify({ username: "x".repeat(70 * 1024) }), "application/json"],
  ])('%s → 400 "Bad request."', async (_, body, type) => {
    for (const path of ["/callback/credentials", "/signout", "/session", "/signin"]) {
      const response = await postWithCsrfCookie(body, type, path)
      expect(response.status).toBe(400)
      expect(await response.json()).toBe("Bad request.")
      expect(response.headers.getSetCookie()).toEqual([])
    }
  })

  it.each([
    ["multipart", "multipart/form-data; boundary=----x"],
    ["plain text", "text/plain"],
    ["no content type", undefined],
  ])("%s → signin?error=MissingCSRF", async (_, type) => {
    const browser = browserFor(credentialsConfig())
    const csrfToken = await browser.csrfToken(base)
    const body = type?.startsWith("multipart")
      ? `------x\r\nContent-Disposition: form-data; name="csrfToken"\r\n\r\n${csrfToken}\r\n------x--\r\n`
      : `csrfToken=${csrfToken}&username=ada&password=lovelace`
    const response = await browser.fetch(`${base}/callback/credentials`, {
      method: "POST",
      headers: type ? { "content-type": type } : {},
      body,
    })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).toBe(`${base}/signin?error=MissingCSRF`)
    expect(browser.cookies.has("authjs.session-token")).toBe(false)
  })

  it("a JSON body with prototype keys does not pollute anything", async () => {
    const browser = browserFor(credentialsConfig())
    const csrfToken = await browser.csrfToken(base)
    const response = await browser.fetch(`${base}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"__proto__":{"csrfToken":"${csrfToken}","polluted":true},"constructor":{"prototype":{"polluted":true}},"username":"ada","password":"lovelace"}`,
    })
    expect(response.headers.get("location")).toBe(`${base}/signin?error=MissingCSRF`)
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })

  it("many fields and odd encodings within the limit are fine", async () => {
    const browser = browserFor(credentialsConfig())
    const csrfToken = await browser.csrfToken(base)
    const fields = Array.from({ length: 2000 }, (_, i) => `f${i}=%FF%FE%00`).join("&")
    const response = await browser.fetch(`${base}/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `${fields}&csrfToken=${csrfToken}&username=ada&password=lovelace`,
    })
    expect(response.status).toBe(302)
    expect(browser.cookies.has("authjs.session-token")).toBe(true)
  })

  it("a huge field just under the limit is refused by authorize, not by a crash", async () => {
    const browser = browserFor(credentialsConfig())
    const response = await browser.post(`${base}/callback/credentials`, { username: "ada", password: "x".repeat(60 * 1024) }, base)
    expect(response.headers.get("location")).toBe(`${base}/signin?error=CredentialsSignin&code=credentials`)
  })
})

describe("parseCookieHeader", () => {
  it("takes the first of duplicate names, decodes values and keeps undecodable ones raw", () => {
    expect(parseCookieHeader('a=1; a=2; b="quoted"; c=%E0%A4%A; d=x%3Dy; =nameless; e')).toEqual({
      a: "1",
      b: "quoted",
      c: "%E0%A4%A",
      d: "x=y",
    })
  })

  it("is not fooled by prototype names", () => {
    const cookies = parseCookieHeader("__proto__=x; constructor=y")
    expect(Object.getPrototypeOf({})).toBe(Object.prototype)
    expect(cookies.constructor).toBe("y")
  })

  it("handles a missing header", () => {
    expect(parseCookieHeader(null)).toEqual({})
  })

  it("a broken Cookie header never breaks GET /session", async () => {
    const response = await Auth(
      new Request(`${base}/session`, { headers: { cookie: "authjs.session-token=%ZZ; ;;; =; authjs.session-token.0" } }),
      credentialsConfig(),
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
  })
})
