import * as oauth from "oauth4webapi"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { InternalOptions } from "../providers/types.js"
import { InvalidCheck } from "../errors.js"
import { defaultCookies } from "../http/default-cookies.js"
import { decode } from "../jwt/decode.js"
import type { Cookie } from "../shared-types.js"
import * as checks from "./checks.js"

const secret = "a-test-secret-that-is-long-enough-for-gatehouse"

function optionsFor(
  providerId: string,
  { checkList = ["pkce", "state", "nonce"], formPost = false, secure = false, secretValue = secret as string | string[] } = {},
): InternalOptions<"oauth"> {
  const authorization = new URL("https://idp.test/authorize")
  if (formPost) authorization.searchParams.set("response_mode", "form_post")
  return {
    provider: { id: providerId, type: "oauth", checks: checkList, authorization: { url: authorization } },
    cookies: defaultCookies(secure),
    secret: secretValue,
    jwt: { secret: secretValue },
  } as unknown as InternalOptions<"oauth">
}

function jar(...cookies: Cookie[]): Record<string, string> {
  return Object.fromEntries(cookies.map((cookie) => [cookie.name, cookie.value]))
}

describe("PKCE", () => {
  it("puts the S256 challenge of the cookie's verifier in the URL", async () => {
    const options = optionsFor("acme")
    const { codeChallenge, cookie } = await checks.pkce.create(options)
    expect(cookie.name).toBe("authjs.pkce.code_verifier")
    const used: Cookie[] = []
    const verifier = await checks.pkce.use(jar(cookie), options, used)
    expect(typeof verifier).toBe("string")
    expect(await oauth.calculatePKCECodeChallenge(verifier as string)).toBe(codeChallenge)
    expect(used).toEqual([{ name: "authjs.pkce.code_verifier", value: "", options: expect.objectContaining({ maxAge: 0 }) }])
  })

  it("lives 15 minutes, HttpOnly and SameSite=Lax", async () => {
    const before = Date.now()
    const { cookie } = await checks.pkce.create(optionsFor("acme"))
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", maxAge: 900 })
    const expires = cookie.options.expires!.getTime()
    expect(expires).toBeGreaterThanOrEqual(before + 900_000 - 1000)
    expect(expires).toBeLessThanOrEqual(Date.now() + 900_000)
    const payload = await decode<{ exp: number; iat: number }>({ token: cookie.value, secret, salt: cookie.name })
    expect(payload!.exp - payload!.iat).toBe(900)
  })

  it("sends no verifier when the provider does not use PKCE", async () => {
    const used: Cookie[] = []
    expect(await checks.pkce.use({}, optionsFor("acme", { checkList: ["state"] }), used)).toBe(oauth.nopkce)
    expect(used).toEqual([])
  })
})

describe("check cookies are bound to what minted them", () => {
  it("rejects a cookie minted for provider A at provider B", async () => {
    const { cookie } = await checks.pkce.create(optionsFor("provider-a"))
    await expect(checks.pkce.use(jar(cookie), optionsFor("provider-b"), [])).rejects.toThrow(/created for another provider/)
    const state = await checks.state.create(optionsFor("provider-a"))
    await expect(checks.state.use(jar(state.cookie), optionsFor("provider-b"), [])).rejects.toBeInstanceOf(InvalidCheck)
    const nonce = await checks.nonce.create(optionsFor("provider-a"))
    await expect(checks.nonce.use(jar(nonce.cookie), optionsFor("provider-b"), [])).rejects.toBeInstanceOf(InvalidCheck)
  })

  it("rejects missing, garbage, tampered and foreign-secret cookies", async () => {
    const options = optionsFor("acme")
    const { cookie } = await checks.nonce.create(options)
    await expect(checks.nonce.use({}, options, [])).rejects.toThrow(/nonce cookie was missing/)
    await expect(checks.nonce.use({ [cookie.name]: "garbage" }, options, [])).rejects.toBeInstanceOf(InvalidCheck)
    const parts = cookie.value.split(".")
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith("AA") ? "BB" : "AA")
    await expect(checks.nonce.use({ [cookie.name]: parts.join(".") }, options, [])).rejects.toBeInstanceOf(InvalidCheck)
    const otherSecret = optionsFor("acme", { secretValue: "another-secret-that-is-long-enough-for-gatehouse" })
    await expect(checks.nonce.use(jar(cookie), otherSecret, [])).rejects.toBeInstanceOf(InvalidCheck)
  })

  it("rejects a check cookie moved into another check's slot (the salt is the cookie name)", async () => {
    const options = optionsFor("acme")
    const { cookie } = await checks.pkce.create(options)
    await expect(checks.nonce.use({ "authjs.nonce": cookie.value }, options, [])).rejects.toBeInstanceOf(InvalidCheck)
  })

  it("never decodes as a session token, on http or https", async () => {
    for (const secure of [false, true]) {
      const options = optionsFor("acme", { secure })
      const sessionCookie = options.cookies.sessionToken.name
      const minted = [
        (await checks.pkce.create(options)).cookie,
        (await checks.state.create(options)).cookie,
        (await checks.nonce.create(options)).cookie,
      ]
      for (const cookie of minted) {
        await expect(decode({ token: cookie.value, secret, salt: sessionCookie })).rejects.toThrow()
      }
    }
  })

  it("accepts cookies made with an older secret after rotation", async () => {
    const { cookie } = await checks.nonce.create(optionsFor("acme"))
    const rotated = optionsFor("acme", { secretValue: ["the-new-secret-that-is-long-enough-for-gatehouse", secret] })
    expect(await checks.nonce.use(jar(cookie), rotated, [])).toMatch(/./)
  })
})

describe("check cookies expire", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it("are refused once their 15 minutes (plus clock tolerance) are over, even if the browser kept them", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const options = optionsFor("acme")
    const { cookie } = await checks.nonce.create(options)
    vi.setSystemTime(Date.now() + 14 * 60_000)
    expect(await checks.nonce.use(jar(cookie), options, [])).toMatch(/./)
    vi.setSystemTime(Date.now() + 2 * 60_000)
    await expect(checks.nonce.use(jar(cookie), options, [])).rejects.toThrow(/could not be parsed/)
  })
})

describe("state", () => {
  it("is itself an encrypted { random, origin } that only the same secret opens", async () => {
    const options = optionsFor("acme")
    const { value, cookie } = await checks.state.create(options, "https://preview.app.test/auth/callback/acme")
    expect(cookie.name).toBe("authjs.state")
    expect(await checks.state.use(jar(cookie), options, [])).toBe(value)
    const payload = await checks.state.decode(value, options)
    expect(payload.origin).toBe("https://preview.app.test/auth/callback/acme")
    expect(payload.random.length).toBeGreaterThan(20)
    await expect(checks.state.decode(value.slice(0, -4) + "AAAA", options)).rejects.toBeInstanceOf(InvalidCheck)
    await expect(
      checks.state.decode(value, optionsFor("acme", { secretValue: "another-secret-that-is-long-enough-for-gatehouse" })),
    ).rejects.toBeInstanceOf(InvalidCheck)
  })

  it("refuses state data for a provider that does not use the state check", async () => {
    const { value } = await checks.state.create(optionsFor("acme"))
    await expect(checks.state.decode(value, optionsFor("acme", { checkList: ["pkce"] }))).rejects.toThrow(/not configured to use state/)
  })

  it("is skipped entirely without the state check", async () => {
    expect(await checks.state.use({}, optionsFor("acme", { checkList: ["pkce"] }), [])).toBe(oauth.skipStateCheck)
    expect(await checks.nonce.use({}, optionsFor("acme", { checkList: ["pkce"] }), [])).toBe(oauth.expectNoNonce)
  })
})

describe("form_post providers", () => {
  it("send state and nonce cookies SameSite=None; Secure so the provider's cross-site POST carries them", async () => {
    const options = optionsFor("apple", { formPost: true })
    const state = await checks.state.create(options)
    const nonce = await checks.nonce.create(options)
    const pkce = await checks.pkce.create(options)
    expect(state.cookie.options).toMatchObject({ sameSite: "none", secure: true })
    expect(nonce.cookie.options).toMatchObject({ sameSite: "none", secure: true })
    expect(pkce.cookie.options).toMatchObject({ sameSite: "lax", secure: false })
    const used: Cookie[] = []
    await checks.state.use(jar(state.cookie), options, used)
    expect(used[0]!.options).toMatchObject({ sameSite: "none", secure: true, maxAge: 0 })
  })
})
