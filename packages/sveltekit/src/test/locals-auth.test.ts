import { afterEach, describe, expect, it, vi } from "vitest"
import { createSvelteKitAuth } from "../lib/create-sveltekit-auth.js"
import type { KitRuntime, SvelteKitAuthConfig } from "../lib/types.js"
import { formPost, testEvent } from "./request-event.js"
import { production, testConfig } from "./test-config.js"

/** Signs "demo" in through the handle and returns the session cookie a browser would send back. */
async function demoSessionCookie(config: SvelteKitAuthConfig): Promise<string> {
  const { handle } = createSvelteKitAuth(config, production)
  const { event } = formPost("http://app.test/auth/callback/credentials", { username: "demo", password: "demo" })
  const response = await handle({ event, resolve: async () => new Response() })
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="))!
  return cookie.split(";")[0]!
}

async function sessionOf(config: SvelteKitAuthConfig | (() => never), cookie?: string, runtime: KitRuntime = production) {
  const { handle } = createSvelteKitAuth(config, runtime)
  const { event, written } = testEvent("http://app.test/page", { headers: cookie ? { cookie } : {} })
  let session: unknown
  await handle({
    event,
    resolve: async (e) => {
      session = await e.locals.auth()
      return new Response()
    },
  })
  return { session, written }
}

afterEach(() => vi.restoreAllMocks())

describe("event.locals.auth()", () => {
  it("is null without a session cookie", async () => {
    expect((await sessionOf(testConfig())).session).toBeNull()
  })

  it("returns the session of a signed-in user", async () => {
    const config = testConfig()
    const { session } = await sessionOf(config, await demoSessionCookie(config))
    expect(session).toMatchObject({ user: { name: "Demo User" } })
    expect(Date.parse((session as { expires: string }).expires)).toBeGreaterThan(Date.now())
  })

  it("is null, not an error, for a forged or foreign session cookie", async () => {
    const config = testConfig()
    expect((await sessionOf(config, "authjs.session-token=forged")).session).toBeNull()
    // A token sealed with another secret.
    const foreign = await demoSessionCookie(testConfig({ secret: "another-secret-another-secret-another" }))
    expect((await sessionOf(config, foreign)).session).toBeNull()
  })

  it("is null when the config is broken (no secret): fail closed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const config = testConfig({ secret: undefined })
    const { session } = await sessionOf(config, "authjs.session-token=anything")
    expect(session).toBeNull()
  })

  it("is null when the config function throws", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    const { session } = await sessionOf(() => {
      throw new Error("platform env unavailable")
    })
    expect(session).toBeNull()
    expect(logged).toHaveBeenCalled()
  })

  it("is null while prerendering", async () => {
    const config = testConfig()
    const cookie = await demoSessionCookie(config)
    const { session } = await sessionOf(config, cookie, { ...production, building: true })
    expect(session).toBeNull()
  })

  it("hands core's cookie writes to SvelteKit: a refreshed session, a cleared forged one", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const config = testConfig({ session: { maxAge: 60, updateAge: 0 } })
    const cookie = await demoSessionCookie(config)
    const refreshed = (await sessionOf(config, cookie)).written.get("authjs.session-token")
    expect(refreshed?.value).toMatch(/^eyJ/)
    expect(refreshed?.value).not.toBe(cookie.split("=")[1])
    expect(refreshed?.options).toMatchObject({ path: "/", httpOnly: true, secure: false })

    const cleared = (await sessionOf(config, "authjs.session-token=forged")).written.get("authjs.session-token")
    expect(cleared?.value).toBe("")
    expect(cleared?.options.path).toBe("/")
  })
})

describe("caching of responses that carry session cookies", () => {
  /** A page that reads the session, whose reading refreshes the session cookie, answering with `page()`. */
  async function pageAfterCookieRefresh(page: () => Response): Promise<Response> {
    const config = testConfig({ session: { maxAge: 60, updateAge: 0 } })
    const cookie = await demoSessionCookie(config)
    const { handle } = createSvelteKitAuth(config, production)
    const { event } = testEvent("http://app.test/page", { headers: { cookie } })
    return handle({
      event,
      resolve: async (e) => {
        await e.locals.auth()
        return page()
      },
    })
  }

  it("marks a page response private when reading the session refreshed the cookie", async () => {
    const response = await pageAfterCookieRefresh(
      () => new Response("page", { headers: { "cache-control": "public, max-age=600", vary: "Accept" } }),
    )
    expect(response.headers.get("cache-control")).toBe("private, no-store")
    expect(response.headers.get("vary")).toBe("Accept, Cookie")
  })

  it("copies an immutable response (passed through from fetch) to mark it", async () => {
    const response = await pageAfterCookieRefresh(() => Response.redirect("http://app.test/elsewhere", 303))
    expect(response.status).toBe(303)
    expect(response.headers.get("location")).toBe("http://app.test/elsewhere")
    expect(response.headers.get("cache-control")).toBe("private, no-store")
  })

  it("leaves the caching of responses without auth cookies to the app", async () => {
    const { handle } = createSvelteKitAuth(testConfig(), production)
    const { event } = testEvent("http://app.test/page")
    const response = await handle({
      event,
      resolve: async (e) => {
        await e.locals.auth()
        return new Response("page", { headers: { "cache-control": "public, max-age=600" } })
      },
    })
    expect(response.headers.get("cache-control")).toBe("public, max-age=600")
  })
})

describe("an unparsable AUTH_URL", () => {
  it("reads as no session, with a logged error", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    const config = testConfig()
    const cookie = await demoSessionCookie(config)
    const { session } = await sessionOf(config, cookie, { ...production, env: { AUTH_URL: "not a url", AUTH_TRUST_HOST: "true" } })
    expect(session).toBeNull()
    expect(logged).toHaveBeenCalled()
  })
})
