/**
 * §4.3-5 / GHSA-xmf8-cvqr-rfgj: getToken() URL-decoded a malformed `Authorization: Bearer` value
 * and threw, turning one header into a 500 (or, in middleware, a crash). Every malformed shape
 * here goes to getToken (Bearer and cookie) and to GET /session (cookie): null, never a throw,
 * never a stack or a secret in the answer.
 */
import { describe, expect, it } from "vitest"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { encode } from "../../packages/core/src/jwt/encode.js"
import { getToken } from "../../packages/core/src/jwt/get-token.js"
import { base, credentialsConfig, secret } from "@gatehouse/test-kit/credentials-app"

const salt = "authjs.session-token"

async function validToken(): Promise<string> {
  return encode({ token: { sub: "user-1", name: "Ada" }, secret, salt })
}

/** Bearer values an attacker sends: broken encodings, broken JWEs, sizes, look-alikes. */
async function hostileValues(): Promise<[string, string][]> {
  const valid = await validToken()
  const parts = valid.split(".")
  return [
    ["lone percent", "%"],
    ["truncated escape", "%E0%A4%A"],
    ["invalid UTF-8 escape", "%C0%AF"],
    ["lone surrogate escape", "%ED%A0%80"],
    ["percent-encoded NUL", "abc%00def"],
    ["empty", ""],
    ["only dots", "...."],
    ["three parts (a JWS shape)", "a.b.c"],
    ["six parts", `${valid}.x`],
    ["bad base64url in every part", "####.$$$$.!!!!.@@@@.^^^^"],
    ["valid header, garbage rest", `${parts[0]}.x.y.z.w`],
    ["header that is not JSON", `${Buffer.from("not json").toString("base64url")}.${parts.slice(1).join(".")}`],
    ["header with alg none", `${Buffer.from('{"alg":"none"}').toString("base64url")}.${parts.slice(1).join(".")}`],
    ["tampered ciphertext", `${parts.slice(0, 3).join(".")}.${parts[3]!.slice(0, -2)}AA.${parts[4]}`],
    ["tampered tag", `${parts.slice(0, 4).join(".")}.${"A".repeat(parts[4]!.length)}`],
    [
      "header with a huge kid",
      `${Buffer.from(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid: "k".repeat(50_000) })).toString("base64url")}.${parts.slice(1).join(".")}`,
    ],
    ["oversize", "a".repeat(200_000)],
    ["unicode", "ｔｏｋｅｎ.☃.💥.\u0000.\uFFFF"],
    ["percent-encoded valid token plus junk", `${encodeURIComponent(valid)}%`],
    ["a token for another salt", await encode({ token: { sub: "x" }, secret, salt: "authjs.pkce.code_verifier" })],
    ["a token from another secret", await encode({ token: { sub: "x" }, secret: "another-secret-another-secret-0000", salt })],
    ["an expired token", await encode({ token: { sub: "x" }, secret, salt, maxAge: -60 })],
  ]
}

/** A value as it arrives in a header: UTF-8 bytes read as Latin-1 (what Node gives), NUL impossible. */
function asHeaderValue(value: string): string {
  return Buffer.from(value.replaceAll("\u0000", ""), "utf8").toString("latin1")
}

describe("getToken with a malformed Authorization header", () => {
  it("returns null for every hostile Bearer value, without throwing", async () => {
    for (const [label, raw] of await hostileValues()) {
      const value = asHeaderValue(raw)
      for (const header of [`Bearer ${value}`, `Bearer  ${value}`, `bearer ${value}`, `Bearer ${value} extra`]) {
        const req = new Request("http://localhost/", { headers: { authorization: header } })
        await expect(getToken({ req, secret }), `${label}: ${header.slice(0, 30)}`).resolves.toBeNull()
      }
    }
  })

  it.each([["Bearer"], ["Bearer "], ["Basic dXNlcjpwYXNz"], ["Digest x"], [" Bearer x"], ["Bearer\tx"], ["Bearer\u00a0x"]])(
    "returns null for the scheme variant %j",
    async (authorization) => {
      const req = new Request("http://localhost/", { headers: { authorization } })
      await expect(getToken({ req, secret })).resolves.toBeNull()
    },
  )

  it("still reads a real token, plain or percent-encoded (the control case)", async () => {
    const token = await validToken()
    for (const value of [token, encodeURIComponent(token)]) {
      const req = new Request("http://localhost/", { headers: { authorization: `Bearer ${value}` } })
      expect(await getToken({ req, secret })).toMatchObject({ sub: "user-1" })
    }
  })

  it("with raw: true hands back no malformed value either", async () => {
    const req = new Request("http://localhost/", { headers: { authorization: "Bearer %E0%A4%A" } })
    expect(await getToken({ req, secret, raw: true })).toBeNull()
  })
})

describe("a malformed session cookie", () => {
  it("is null at getToken and at GET /session: 200, no stack, no secret, and the cookie cleared", async () => {
    const config = credentialsConfig()
    for (const [label, value] of await hostileValues()) {
      // Cookie values cannot hold every character a header can: encode what the browser would refuse.
      const cookieValue = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/.test(value) ? value : encodeURIComponent(value)
      const cookie = `${salt}=${cookieValue}`
      await expect(getToken({ req: new Request("http://localhost/", { headers: { cookie } }), secret }), label).resolves.toBeNull()
      const response = await Auth(new Request(`${base}/session`, { headers: { cookie } }), config)
      expect(response.status, label).toBe(200)
      const text = await response.text()
      expect(text, label).toBe("null")
      expect(text).not.toContain(secret)
    }
  })

  it.each([
    ["a chunk sequence with a gap", `${salt}.0=abc; ${salt}.2=def`],
    ["chunks with non-numeric indexes", `${salt}.x=abc; ${salt}.-1=def; ${salt}.1e3=ghi`],
    ["a cookie header of separators", ";;;===;;; ;=;"],
    ["duplicate session cookies", `${salt}=a; ${salt}=b`],
    ["a quoted value", `${salt}="abc"`],
    ["malformed percent-encoding in another cookie", `other=%E0%A4%A; ${salt}=%`],
  ])("%s → null without a throw", async (_, cookie) => {
    const config = credentialsConfig()
    const response = await Auth(new Request(`${base}/session`, { headers: { cookie } }), config)
    expect(response.status).toBe(200)
    expect(await response.json()).toBeNull()
    await expect(getToken({ req: new Request("http://localhost/", { headers: { cookie } }), secret })).resolves.toBeNull()
  })

  it("ten thousand chunks → refused (400, no Set-Cookie) without a throw; getToken null", async () => {
    const cookie = Array.from({ length: 10_000 }, (_, i) => `${salt}.${i}=a`).join("; ")
    const response = await Auth(new Request(`${base}/session`, { headers: { cookie } }), credentialsConfig())
    expect(response.status).toBe(400)
    expect(response.headers.getSetCookie()).toEqual([])
    await expect(getToken({ req: new Request("http://localhost/", { headers: { cookie } }), secret })).resolves.toBeNull()
  })
})
