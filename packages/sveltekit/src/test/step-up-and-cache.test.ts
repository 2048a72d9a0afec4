import { isHttpError, isRedirect } from "@sveltejs/kit"
import { describe, expect, it } from "vitest"
import { createSvelteKitAuth } from "../lib/create-sveltekit-auth.js"
import type { SvelteKitAuthConfig } from "../lib/types.js"
import { formPost, testEvent } from "./request-event.js"
import { production, testConfig } from "./test-config.js"

async function demoSessionCookie(config: SvelteKitAuthConfig): Promise<string> {
  const { handle } = createSvelteKitAuth(config, production)
  const { event } = formPost("http://app.test/auth/callback/credentials", { username: "demo", password: "demo" })
  const response = await handle({ event, resolve: async () => new Response() })
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("authjs.session-token="))!
    .split(";")[0]!
}

/** Runs `locals.auth(need)` inside the handle, as a load would, and reports what it did. */
async function authWith(config: SvelteKitAuthConfig, headers: Record<string, string>, need: Parameters<App.Locals["auth"]>[0]) {
  const { handle } = createSvelteKitAuth(config, production)
  const { event } = testEvent("http://app.test/settings?tab=email", { headers })
  const setHeaders: Record<string, string> = {}
  event.setHeaders = (values) => void Object.assign(setHeaders, values)
  let outcome: { session?: unknown; thrown?: unknown } = {}
  await handle({
    event,
    resolve: async (e) => {
      try {
        outcome = { session: await e.locals.auth(need) }
      } catch (thrown) {
        outcome = { thrown }
      }
      return new Response()
    },
  })
  return { ...outcome, setHeaders }
}

describe("locals.auth({ maxAge, secondFactor }): core's step-up", () => {
  it("answers the session when the sign-in is recent enough", async () => {
    const config = testConfig()
    const cookie = await demoSessionCookie(config)
    const { session } = await authWith(config, { cookie }, { maxAge: 300 })
    expect(session).toMatchObject({ user: { name: "Demo User" } })
  })

  it("redirects a page to /auth/reauthenticate, back to where it was, when a second factor is asked for", async () => {
    const config = testConfig()
    const cookie = await demoSessionCookie(config)
    const { thrown } = await authWith(config, { cookie, accept: "text/html" }, { secondFactor: true })
    expect(isRedirect(thrown)).toBe(true)
    const location = new URL((thrown as { location: string }).location)
    expect(location.pathname).toBe("/auth/reauthenticate")
    expect(location.searchParams.get("callbackUrl")).toBe("http://app.test/settings?tab=email")
  })

  it("answers an API request with RFC 9470's 401, and never the session", async () => {
    const config = testConfig()
    const cookie = await demoSessionCookie(config)
    const { thrown, setHeaders, session } = await authWith(config, { cookie, accept: "application/json" }, { secondFactor: true })
    expect(session).toBeUndefined()
    expect(isHttpError(thrown) && (thrown as { status: number }).status).toBe(401)
    expect(setHeaders["www-authenticate"]).toMatch(/^Bearer error="insufficient_user_authentication"/)
  })

  it("refuses nobody-signed-in too", async () => {
    const { thrown } = await authWith(testConfig(), { accept: "application/json" }, { maxAge: 60 })
    expect(isHttpError(thrown) && (thrown as { status: number }).status).toBe(401)
  })
})

describe("a response that sets or clears the session cookie is private", () => {
  function expectPrivate(response: Response) {
    const cacheControl = (response.headers.get("cache-control") ?? "").split(",").map((value) => value.trim())
    expect(cacheControl).toEqual(expect.arrayContaining(["private", "no-store"]))
    expect(response.headers.get("vary")?.toLowerCase()).toContain("cookie")
  }

  it("the auth route's answer that sets it (sign-in) and clears it (sign-out)", async () => {
    const config = testConfig()
    const { handle } = createSvelteKitAuth(config, production)
    const signIn = formPost("http://app.test/auth/callback/credentials", { username: "demo", password: "demo" })
    const signedIn = await handle({ event: signIn.event, resolve: async () => new Response() })
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(true)
    expectPrivate(signedIn)
    const cookie = signedIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("authjs.session-token="))!
      .split(";")[0]!
    const signOut = formPost("http://app.test/auth/signout", {}, { cookie })
    const signedOut = await handle({ event: signOut.event, resolve: async () => new Response() })
    expect(signedOut.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token=;"))).toBe(true)
    expectPrivate(signedOut)
  })

  it("an app page whose locals.auth() cleared a bad cookie, whatever caching headers the page set", async () => {
    const { handle } = createSvelteKitAuth(testConfig(), production)
    const { event, written } = testEvent("http://app.test/page", { headers: { cookie: "authjs.session-token=forged" } })
    const response = await handle({
      event,
      resolve: async (e) => {
        await e.locals.auth()
        return new Response("page", { headers: { "cache-control": "public, s-maxage=600", vary: "Accept" } })
      },
    })
    expect(written.get("authjs.session-token")?.value).toBe("")
    expectPrivate(response)
    expect(response.headers.get("cache-control")).not.toContain("public")
  })
})
