/**
 * The step-up through the handler and requireRecentAuthentication, with JWT sessions: the RFC 9470
 * answer for APIs, the redirect for pages, re-authentication as the same user only, and nothing
 * an app's callback or a client's update can do to make a sign-in look recent.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { TestBrowser } from "../../../test-kit/src/browser.js"
import { ada, base, credentialsConfig, origin, signInAsAda } from "../../../test-kit/src/credentials-app.js"
import { Auth } from "../handler/auth.js"
import Credentials from "../providers/credentials.js"
import type { AuthConfig, Session } from "../types.js"
import { requireRecentAuthentication } from "../server/require-recent-authentication.js"

const bob = { id: "user-2", name: "Bob", email: "bob@example.test" }

/** ada/lovelace and bob/builder. */
function twoUsers() {
  return Credentials({
    credentials: { username: {}, password: {} },
    authorize: (fields) =>
      fields.username === "ada" && fields.password === "lovelace"
        ? { ...ada }
        : fields.username === "bob" && fields.password === "builder"
          ? { ...bob }
          : null,
  })
}

function app(overrides: Partial<AuthConfig> = {}) {
  const config = credentialsConfig({ providers: [twoUsers()], ...overrides })
  return { config, browser: new TestBrowser((request) => Auth(request, config)) }
}

const protectedApi = `${origin}/api/delete-account`
const protectedPage = `${origin}/settings/security`

function guard(browser: TestBrowser, config: AuthConfig, url: string, accept: string, need = {}) {
  return requireRecentAuthentication(new Request(url, { headers: { cookie: browser.cookieHeader(), accept } }), config, need)
}

async function session(browser: TestBrowser): Promise<Session | null> {
  return (await browser.fetch(`${base}/session`)).json()
}

afterEach(() => {
  vi.useRealTimers()
})

describe("step-up", () => {
  it("GET /session shows when and how the user signed in", async () => {
    const { browser } = app()
    const before = Date.now()
    await signInAsAda(browser)
    const { authentication } = (await session(browser))!
    expect(authentication?.methods).toEqual(["pwd"])
    expect(authentication?.mfa).toBe(false)
    expect(Date.parse(authentication!.time)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
  })

  it("lets a fresh sign-in through, and answers an older one with RFC 9470's 401 (API) or a redirect to re-authenticate (page)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { config, browser } = app()
    await signInAsAda(browser)
    expect(await guard(browser, config, protectedApi, "application/json")).toBeNull()

    vi.setSystemTime(Date.now() + 11 * 60 * 1000)
    const api = await guard(browser, config, protectedApi, "application/json")
    expect(api?.status).toBe(401)
    expect(api?.headers.get("www-authenticate")).toMatch(/^Bearer error="insufficient_user_authentication"/)
    expect(api?.headers.get("www-authenticate")).toContain("max_age=600")
    expect(await api?.json()).toMatchObject({ error: "insufficient_user_authentication", max_age: 600 })

    const page = await guard(browser, config, protectedPage, "text/html,application/xhtml+xml")
    expect(page?.status).toBe(302)
    const location = new URL(page!.headers.get("location")!)
    expect(`${location.origin}${location.pathname}`).toBe(`${base}/reauthenticate`)
    expect(location.searchParams.get("callbackUrl")).toBe(protectedPage)

    // A tighter maxAge of the caller's own applies too.
    vi.setSystemTime(Date.now() - 11 * 60 * 1000 + 30 * 1000)
    expect((await guard(browser, config, protectedApi, "application/json", { maxAge: 20 }))?.status).toBe(401)
    expect(await guard(browser, config, protectedApi, "application/json", { maxAge: 60 })).toBeNull()
  })

  it("follows session.freshAge, and asks for a second factor when told to", async () => {
    const { config, browser } = app({ session: { freshAge: 5 } })
    await signInAsAda(browser)
    expect(await guard(browser, config, protectedApi, "application/json")).toBeNull()
    const weak = await guard(browser, config, protectedApi, "application/json", { secondFactor: true })
    expect(weak?.status).toBe(401)
    expect((await weak!.json()).error_description).toMatch(/second factor/)
  })

  it("refuses nobody signed in with the 401 too", async () => {
    const { config, browser } = app()
    expect((await guard(browser, config, protectedApi, "application/json"))?.status).toBe(401)
  })

  it("re-authenticating as the same user makes the session fresh again", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { config, browser } = app()
    await signInAsAda(browser)
    vi.setSystemTime(Date.now() + 11 * 60 * 1000)
    const page = await guard(browser, config, protectedPage, "text/html")
    const reauthenticate = await browser.fetch(page!.headers.get("location")!)
    expect(reauthenticate.status).toBe(302)
    expect(reauthenticate.headers.get("location")).toBe(`${base}/signin?callbackUrl=${encodeURIComponent(protectedPage)}`)
    expect(browser.cookies.has("authjs.step-up")).toBe(true)

    const again = await signInAsAda(browser, { callbackUrl: protectedPage })
    expect(again.headers.get("location")).toBe(protectedPage)
    expect(browser.cookies.has("authjs.step-up")).toBe(false)
    expect(await guard(browser, config, protectedPage, "text/html")).toBeNull()
    expect((await session(browser))?.user?.email).toBe(ada.email)
  })

  it("re-authenticating as another user changes nothing: the first user's session stays as old as it was", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { config, browser } = app()
    await signInAsAda(browser)
    vi.setSystemTime(Date.now() + 11 * 60 * 1000)
    const adaCookie = browser.cookies.get("authjs.session-token")
    await browser.fetch(`${base}/reauthenticate?callbackUrl=${encodeURIComponent(protectedPage)}`)

    const asBob = await browser.post(`${base}/callback/credentials`, { username: "bob", password: "builder" }, base)
    expect(asBob.status).toBe(302)
    expect(asBob.headers.get("location")).toContain("error=StepUpFailed")
    expect(browser.cookies.get("authjs.session-token")).toBe(adaCookie)
    expect((await session(browser))?.user?.email).toBe(ada.email)
    expect((await guard(browser, config, protectedApi, "application/json"))?.status).toBe(401)
    expect(
      (config.logger as unknown as { errors: Error[] }).errors.some(
        (error) => error.name === "StepUpFailed" || (error as { type?: string }).type === "StepUpFailed",
      ),
    ).toBe(true)
  })

  it("a step-up ends with the session's sign-out: whoever signs in next in that browser is not refused", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { browser } = app()
    await signInAsAda(browser)
    vi.setSystemTime(Date.now() + 11 * 60 * 1000)
    await browser.fetch(`${base}/reauthenticate?callbackUrl=${encodeURIComponent(protectedPage)}`)
    expect(browser.cookies.has("authjs.step-up")).toBe(true)

    await browser.post(`${base}/signout`, {}, base)
    expect(browser.cookies.has("authjs.step-up")).toBe(false)
    const asBob = await browser.post(`${base}/callback/credentials`, { username: "bob", password: "builder" }, base)
    expect(asBob.headers.get("location")).not.toContain("error=")
    expect((await session(browser))?.user?.email).toBe(bob.email)
  })

  it("GET /reauthenticate with nobody signed in is a plain sign-in: no step-up cookie", async () => {
    const { browser } = app()
    const response = await browser.fetch(`${base}/reauthenticate?callbackUrl=${encodeURIComponent(protectedPage)}`)
    expect(response.status).toBe(302)
    expect(browser.cookies.has("authjs.step-up")).toBe(false)
  })

  it("neither a session update nor the app's callbacks can make a sign-in look recent", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { config, browser } = app({
      callbacks: {
        // An app that copies update data into its token (a common recipe), and hides the record from the client.
        jwt: ({ token, session: data }) => ({
          ...token,
          ...(data as object),
          auth_time: Math.floor(Date.now() / 1000) + 3600,
          amr: ["mfa"],
        }),
        session: ({ session }) => ({ user: session.user, expires: session.expires }) as Session,
      },
    })
    await signInAsAda(browser)
    vi.setSystemTime(Date.now() + 11 * 60 * 1000)
    const csrfToken = await browser.csrfToken(base)
    await browser.fetch(`${base}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: { auth_time: Math.floor(Date.now() / 1000), amr: ["otp", "mfa"] } }),
    })
    expect((await session(browser))?.authentication).toBeUndefined()
    expect((await guard(browser, config, protectedApi, "application/json"))?.status).toBe(401)
    expect((await guard(browser, config, protectedApi, "application/json", { maxAge: 3600, secondFactor: true }))?.status).toBe(401)
  })

  it("refuses a bad session.freshAge with a configuration error", async () => {
    const { browser } = app({ session: { freshAge: -1 } })
    expect((await browser.fetch(`${base}/session`)).status).toBe(500)
  })
})
