/**
 * Cookie interop with the real next-auth 4.24 (`next-auth-v4`, a devDependency alias): a token it
 * encodes is read by ours and the reverse; a wrong secret reads neither way; tampering is refused.
 */
import * as v4 from "next-auth-v4/jwt"
import { describe, expect, it } from "vitest"
import { decode, encode, getToken } from "./index.js"

const secret = "a-v4-secret-that-is-long-enough-for-anyone"
const claims = { name: "Ada", email: "ada@example.com", sub: "user-1", role: "admin" }

describe("v4 jwt: interop with next-auth 4.24", () => {
  it("next-auth 4's encode → our decode and getToken", async () => {
    const token = await v4.encode({ token: claims, secret })
    await expect(decode({ token, secret })).resolves.toMatchObject(claims)
    const req = new Request("http://localhost/", { headers: { cookie: `next-auth.session-token=${token}` } })
    await expect(getToken({ req, secret })).resolves.toMatchObject(claims)
  })

  it("our encode → next-auth 4's decode and getToken", async () => {
    const token = await encode({ token: claims, secret })
    await expect(v4.decode({ token, secret })).resolves.toMatchObject(claims)
    const req = { headers: { cookie: `next-auth.session-token=${token}` }, cookies: { "next-auth.session-token": token } }
    await expect(v4.getToken({ req: req as any, secret })).resolves.toMatchObject(claims)
  })

  it("the header is v4's: dir + A256GCM, no kid", async () => {
    const token = await encode({ token: claims, secret })
    const header = JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString())
    expect(header).toEqual({ alg: "dir", enc: "A256GCM" })
  })

  it("a wrong secret reads neither way", async () => {
    const theirs = await v4.encode({ token: claims, secret })
    await expect(decode({ token: theirs, secret: `${secret}-other` })).rejects.toThrow()
    const req = new Request("http://localhost/", { headers: { cookie: `next-auth.session-token=${theirs}` } })
    await expect(getToken({ req, secret: `${secret}-other` })).resolves.toBeNull()

    const ours = await encode({ token: claims, secret })
    await expect(v4.decode({ token: ours, secret: `${secret}-other` })).rejects.toThrow()
  })

  it("rotation: a list of secrets reads a token made with any of them; the first encodes", async () => {
    const old = await v4.encode({ token: claims, secret })
    await expect(decode({ token: old, secret: ["new-secret-new-secret-new-secret", secret] })).resolves.toMatchObject(claims)
    const fresh = await encode({ token: claims, secret: ["new-secret-new-secret-new-secret", secret] })
    await expect(v4.decode({ token: fresh, secret: "new-secret-new-secret-new-secret" })).resolves.toMatchObject(claims)
  })

  it("a tampered or Auth.js v5 token is refused", async () => {
    const token = await encode({ token: claims, secret })
    const parts = token.split(".")
    const cipher = Buffer.from(parts[3], "base64url")
    cipher[0] ^= 1
    parts[3] = cipher.toString("base64url")
    await expect(decode({ token: parts.join("."), secret })).rejects.toThrow()

    const { encode: encodeV5 } = await import("@gatehouse/core/jwt")
    const v5 = await encodeV5({ token: claims, secret, salt: "next-auth.session-token" })
    await expect(decode({ token: v5, secret })).rejects.toThrow()
  })

  it("an expired token is refused (beyond v4's 15 s tolerance)", async () => {
    const token = await v4.encode({ token: claims, secret, maxAge: -60 })
    await expect(decode({ token, secret })).rejects.toThrow()
  })

  it("getToken: the __Secure- name, chunks, Bearer, raw, NEXTAUTH_SECRET", async () => {
    const token = await v4.encode({ token: claims, secret })
    const half = Math.ceil(token.length / 2)
    const chunked = new Request("https://example.com/", {
      headers: {
        cookie: `__Secure-next-auth.session-token.0=${token.slice(0, half)}; __Secure-next-auth.session-token.1=${token.slice(half)}`,
      },
    })
    await expect(getToken({ req: chunked, secret, secureCookie: true })).resolves.toMatchObject(claims)
    await expect(getToken({ req: chunked, secret, secureCookie: false })).resolves.toBeNull()

    const bearer = new Request("http://localhost/", { headers: { authorization: `Bearer ${encodeURIComponent(token)}` } })
    await expect(getToken({ req: bearer, secret })).resolves.toMatchObject(claims)
    await expect(getToken({ req: bearer, secret, raw: true })).resolves.toBe(token)

    const previous = process.env.NEXTAUTH_SECRET
    process.env.NEXTAUTH_SECRET = secret
    try {
      await expect(getToken({ req: { headers: { cookie: `next-auth.session-token=${token}` } } })).resolves.toMatchObject(claims)
    } finally {
      if (previous === undefined) delete process.env.NEXTAUTH_SECRET
      else process.env.NEXTAUTH_SECRET = previous
    }
  })
})
