import { describe, expect, it } from "vitest"
import { requestOptions } from "../config/request-options.js"
import { resolveConfig } from "../config/resolve-config.js"
import { parseRequest } from "../http/parse-request.js"
import { encode } from "../jwt/encode.js"
import type { JWT } from "../jwt/types.js"
import type { AuthConfig } from "../types.js"
import { readJwtSessionToken } from "./jwt-session-token.js"

const secret = "jwt-session-token-test-secret-0123456789"
const salt = "authjs.session-token"

async function optionsFor(config: Partial<AuthConfig>) {
  const resolved = resolveConfig({ secret, trustHost: true, basePath: "/auth", providers: [], ...config } as AuthConfig)
  const internal = await parseRequest(new Request("http://localhost:3000/auth/session"), resolved.basePath)
  return (await requestOptions(internal, resolved)).options
}

async function cookieOf(token: JWT): Promise<string> {
  return encode({ token, secret, salt })
}

describe("readJwtSessionToken: the one read of a JWT session cookie", () => {
  it("answers a cached cookie synchronously with the default callback (the hot path awaits nothing)", async () => {
    const options = await optionsFor({})
    const cookie = await cookieOf({ sub: "1", name: "Ada" })
    await readJwtSessionToken(cookie, options)
    const again = readJwtSessionToken(cookie, options)
    expect(again).not.toBeInstanceOf(Promise)
    expect(again).toMatchObject({ signedIn: true, token: { sub: "1", name: "Ada" }, before: undefined })
  })

  it("a synchronous callback's null is signed out synchronously, and the cookie is to be cleared", async () => {
    const options = await optionsFor({ callbacks: { jwt: ({ token }) => (token.sub === "banned" ? null : token) } })
    const cookie = await cookieOf({ sub: "banned" })
    await readJwtSessionToken(cookie, options)
    expect(readJwtSessionToken(cookie, options)).toEqual({ signedIn: false, clearCookie: true })
  })

  it("waits for an async callback, and hands back its token with the JSON the cookie had before it ran", async () => {
    const options = await optionsFor({ callbacks: { jwt: async ({ token }) => ({ ...token, plan: "pro" }) } })
    const cookie = await cookieOf({ sub: "1" })
    const read = readJwtSessionToken(cookie, options)
    expect(read).toBeInstanceOf(Promise)
    const answer = await read
    expect(answer).toMatchObject({ signedIn: true, token: { sub: "1", plan: "pro" } })
    expect(answer.signedIn && JSON.parse(answer.before!)).toMatchObject({ sub: "1" })
    expect(answer.signedIn && JSON.parse(answer.before!).plan).toBeUndefined()
  })

  it("throws for a cookie that is not a session token (the caller clears it and logs why)", async () => {
    const options = await optionsFor({})
    await expect(Promise.resolve().then(() => readJwtSessionToken("not-a-token", options))).rejects.toThrow()
  })
})
