/**
 * getAccessToken through each framework integration, against the real oidc-provider: a JWT session
 * without an adapter (the tokens in its cookie) whose access token is due. Each wrapper must hand out
 * the refreshed token and write the new session cookie through its framework's cookie API.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest"
import { decode } from "../../packages/core/src/jwt.js"
import { TokenRefresh } from "../../packages/core/src/token-refresh/index.js"
import { startDevIdentityProvider, type DevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import { createSvelteKitAuth } from "../../packages/sveltekit/src/lib/create-sveltekit-auth.js"
import { createAccessTokenHelper } from "../../packages/qwik/src/get-access-token.js"
import NextAuth from "../../packages/next/src/index.js"
import { appOrigin, basicClient, browserFor, makeApp, oidcProvider, secret, signInThroughIdp } from "./oauth-app.js"
import { nextRequest } from "@gatehouse/test-kit/next-headers-stand-in"
import { qwikPageEvent } from "@gatehouse/test-kit/qwik-page-event"
import { insideHandle, svelteKitPageEvent } from "@gatehouse/test-kit/sveltekit-page-event"

const sessionCookie = "authjs.session-token"

// Server code reads and writes cookies through next/headers, which works only inside Next's request scope.
vi.mock("next/headers", async () => (await import("@gatehouse/test-kit/next-headers-stand-in")).nextHeadersStandIn)

let idp: DevIdentityProvider
let refreshes = 0

beforeAll(async () => {
  idp = await startDevIdentityProvider({ clients: [basicClient], accessTokenTtl: 64, refreshTokens: { rotate: true } })
  idp.oidc.on("grant.success", (ctx: any) => {
    if (ctx.oidc?.params?.grant_type === "refresh_token") refreshes++
  })
})
afterAll(() => idp?.close())

const providers = () => [oidcProvider(idp.issuer, { tokenRefresh: true })]

/** A fresh sign-in whose access token is then left to come due; returns the session cookie `name=value`. */
async function dueSession(): Promise<string> {
  const app = makeApp(providers(), { tokenRefresh: TokenRefresh() })
  const browser = browserFor({ [appOrigin]: app })
  await signInThroughIdp(browser, "dev-oidc")
  await new Promise((resolve) => setTimeout(resolve, 4_300))
  return `${sessionCookie}=${browser.cookiesFor(appOrigin).get(sessionCookie)}`
}

async function accessTokenInCookie(value: string | undefined): Promise<string | undefined> {
  const payload = await decode({ token: value!, secret, salt: sessionCookie })
  return (payload?.["gatehouse.tokens"] as { access_token?: string } | undefined)?.access_token
}

async function expectValidAtProvider(accessToken: string | undefined) {
  const response = await fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } })
  expect(response.status).toBe(200)
}

describe("getAccessToken in the integrations, for a JWT session whose token is due", () => {
  test("Next: getAccessToken(providerId) from NextAuth() refreshes and sets the new session cookie", async () => {
    nextRequest.cookieHeader = await dueSession()
    const before = refreshes
    const { getAccessToken } = NextAuth({ secret, trustHost: true, providers: providers() as never, tokenRefresh: TokenRefresh() })
    const token = await getAccessToken("dev-oidc")
    expect(refreshes - before).toBe(1)
    await expectValidAtProvider(token?.accessToken)
    expect(await accessTokenInCookie(nextRequest.cookieWrites.get(sessionCookie))).toBe(token?.accessToken)
  })

  test("SvelteKit: event.locals.getAccessToken(providerId) refreshes and sets the new session cookie", async () => {
    const { event, cookieWrites } = svelteKitPageEvent(`${appOrigin}/calendar`, await dueSession())
    const { handle } = createSvelteKitAuth(
      { secret, providers: providers() as never, tokenRefresh: TokenRefresh() },
      { env: { AUTH_TRUST_HOST: "true" }, dev: false, building: false, base: "" },
    )
    const before = refreshes
    const token = await insideHandle(handle, event, (locals) => locals.getAccessToken("dev-oidc"))
    expect(refreshes - before).toBe(1)
    await expectValidAtProvider(token!.accessToken)
    expect(await accessTokenInCookie(cookieWrites.get(sessionCookie))).toBe(token!.accessToken)
  })

  test("Qwik: getAccessToken(event, providerId) from QwikAuth$ refreshes and sets the new session cookie", async () => {
    const { event, cookieWrites } = qwikPageEvent(`${appOrigin}/calendar`, await dueSession(), { AUTH_TRUST_HOST: "true" })
    // What QwikAuth$ returns as `getAccessToken` (qwik-auth.ts needs Qwik City's build-time modules to load).
    const getAccessToken = createAccessTokenHelper((async () => ({
      secret,
      providers: providers(),
      tokenRefresh: TokenRefresh(),
    })) as never)
    const before = refreshes
    const token = await getAccessToken(event as never, "dev-oidc")
    expect(refreshes - before).toBe(1)
    await expectValidAtProvider(token?.accessToken)
    expect(await accessTokenInCookie(cookieWrites.get(sessionCookie))).toBe(token?.accessToken)
    // A layout answering after the loader (Qwik's starter calls cacheControl in onGet) cannot make it public.
    event.headers.set("Cache-Control", "public, max-age=5, stale-while-revalidate=604800")
    expect(event.headers.get("cache-control")).toBe("private, no-store")
  })
})
