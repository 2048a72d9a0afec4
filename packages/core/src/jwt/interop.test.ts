import { describe, expect, it } from "vitest"
import * as authjs from "@auth/core/jwt"
import { decode, encode, getToken } from "../jwt.js"

const salt = "authjs.session-token"
const secret = "a-long-enough-secret-for-the-interop-tests"
const claims = { name: "Ada", email: "ada@example.test", picture: null, sub: "user-1", role: "admin" }

describe("session tokens are interchangeable with @auth/core", () => {
  it("reads a token minted by @auth/core", async () => {
    const token = await authjs.encode({ token: claims, secret, salt })
    expect(await decode({ token, secret, salt })).toMatchObject(claims)
  })

  it("writes a token @auth/core reads", async () => {
    const token = await encode({ token: claims, secret, salt })
    expect(await authjs.decode({ token, secret, salt })).toMatchObject(claims)
  })

  it("follows a rotated secret both ways: old tokens read, new tokens use the first secret", async () => {
    const old = await authjs.encode({ token: claims, secret: "old-secret-old-secret-old-secret!", salt })
    const rotated = ["new-secret-new-secret-new-secret!", "old-secret-old-secret-old-secret!"]
    expect(await decode({ token: old, secret: rotated, salt })).toMatchObject(claims)
    const fresh = await encode({ token: claims, secret: rotated, salt })
    expect(await authjs.decode({ token: fresh, secret: "new-secret-new-secret-new-secret!", salt })).toMatchObject(claims)
    await expect(authjs.decode({ token: fresh, secret: "old-secret-old-secret-old-secret!", salt })).rejects.toThrow()
  })

  it("refuses a token encrypted for another cookie name (salt)", async () => {
    const token = await encode({ token: claims, secret, salt: "authjs.state" })
    await expect(decode({ token, secret, salt })).rejects.toThrow()
  })

  it("refuses an expired token", async () => {
    const token = await encode({ token: claims, secret, salt, maxAge: -60 })
    await expect(decode({ token, secret, salt })).rejects.toThrow()
  })
})

describe("getToken never throws on bad input", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers })

  it("reads the session cookie, chunked or not", async () => {
    const token = await encode({ token: claims, secret, salt })
    expect(await getToken({ req: request({ cookie: `${salt}=${token}` }), secret })).toMatchObject(claims)
    const half = Math.ceil(token.length / 2)
    const chunked = `${salt}.1=${token.slice(half)}; ${salt}.0=${token.slice(0, half)}`
    expect(await getToken({ req: request({ cookie: chunked }), secret })).toMatchObject(claims)
  })

  it("reads a Bearer token", async () => {
    const token = await encode({ token: claims, secret, salt })
    expect(await getToken({ req: request({ authorization: `Bearer ${token}` }), secret })).toMatchObject(claims)
  })

  it.each([
    ["malformed percent-encoding", "Bearer %E0%A4%A"],
    ["garbage", "Bearer not.a.jwe"],
    ["bad base64url", "Bearer ####.$$$$.!!!!.@@@@.^^^^"],
    ["oversize", `Bearer ${"a".repeat(100_000)}`],
    ["wrong scheme", "Basic abc"],
  ])("returns null for %s", async (_, authorization) => {
    expect(await getToken({ req: request({ authorization }), secret })).toBeNull()
  })

  it("returns null for a token made with another secret", async () => {
    const token = await encode({ token: claims, secret: "another-secret-another-secret-xx", salt })
    expect(await getToken({ req: request({ cookie: `${salt}=${token}` }), secret })).toBeNull()
  })
})
