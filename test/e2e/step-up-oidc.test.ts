/**
 * Step-up with an OpenID provider (issue 31), against the real dev IdP (oidc-provider on loopback),
 * with database sessions on a SQLite file and PostgreSQL: the re-authentication asks the provider
 * to sign the user in again (`prompt=login`, `max_age=0`) and checks the ID token's `auth_time`;
 * the same user gets a fresh session; signing in there as someone else upgrades nothing and links
 * nothing to the signed-in user.
 */
import { describe, expect, it } from "vitest"
import { requireRecentAuthentication } from "../../packages/core/src/index.js"
import { FetchBrowser, signInAtDevIdp } from "../../packages/dev-idp/src/fetch-browser.js"
import { appOrigin, base, makeApp, oidcProvider, signInThroughIdp, startSignIn, type TestApp, useDevIdp } from "./oauth-app.js"
import { forgetIdpSession } from "./support/database-session-app.js"
import { sessionDatabases, useSessionDatabase } from "./support/session-databases.js"

const idp = useDevIdp()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(sessionDatabases)("step-up with an OpenID provider, database sessions on $label", (kind) => {
  const database = useSessionDatabase(kind)
  const app = (): TestApp => makeApp([oidcProvider(idp().issuer)], { adapter: database().adapter, session: { freshAge: 3 } })
  const browserOf = (testApp: TestApp) => new FetchBrowser({ handlers: { [appOrigin]: testApp.handler } })
  const guard = (testApp: TestApp, browser: FetchBrowser) =>
    requireRecentAuthentication(
      new Request(`${appOrigin}/api/delete-account`, { headers: { cookie: browser.cookieHeader(appOrigin), accept: "application/json" } }),
      testApp.config,
    )
  const session = async (browser: FetchBrowser) => (await browser.request(`${base}/session`)).json() as Promise<any>

  /** Signed in as the IdP's first user, then long enough ago for `freshAge: 3` (1 s failed under CI load: a sign-in and its first check can be a second apart, and auth_time is whole seconds). */
  async function staleSignIn(testApp: TestApp): Promise<FetchBrowser> {
    const browser = browserOf(testApp)
    await signInThroughIdp(browser, "dev-oidc")
    expect(await guard(testApp, browser)).toBeNull()
    await sleep(4100)
    expect((await guard(testApp, browser))?.status).toBe(401)
    return browser
  }

  it("asks the provider to sign the user in again, and the same user's new sign-in passes", async () => {
    const testApp = app()
    const browser = await staleSignIn(testApp)
    const before = (await session(browser)).authentication.time
    const reauthenticate = await browser.request(`${base}/reauthenticate?callbackUrl=${encodeURIComponent(`${appOrigin}/settings`)}`)
    expect(reauthenticate.headers.get("location")).toBe(`${base}/signin?callbackUrl=${encodeURIComponent(`${appOrigin}/settings`)}`)

    const { authorizationUrl } = await startSignIn(browser, "dev-oidc")
    expect(authorizationUrl.searchParams.get("prompt")).toBe("login")
    expect(authorizationUrl.searchParams.get("max_age")).toBe("0")
    const callback = await signInAtDevIdp(browser, authorizationUrl)
    const landed = await browser.request(callback)
    expect(landed.headers.get("location")).toBe(`${appOrigin}/dashboard`)
    expect(await guard(testApp, browser)).toBeNull()
    const after = await session(browser)
    expect(after.user.email).toBe("dev@example.test")
    expect(Date.parse(after.authentication.time)).toBeGreaterThan(Date.parse(before))
    expect(after.authentication.methods).toEqual(["fed"])
    expect(await database().count("users")).toBe(1)
  })

  it("re-authenticating as another person there upgrades nothing and links nothing", async () => {
    const testApp = app()
    const browser = await staleSignIn(testApp)
    const owners = await database().accountOwners("dev-oidc")
    const sessionToken = browser.cookiesFor(appOrigin).get("authjs.session-token")
    await browser.request(`${base}/reauthenticate?callbackUrl=${encodeURIComponent(`${appOrigin}/settings`)}`)
    const { authorizationUrl } = await startSignIn(browser, "dev-oidc")
    // At the IdP, someone else signs in (the IdP's second user, as after switching accounts there).
    forgetIdpSession(browser, idp().issuer)
    const callback = await signInAtDevIdp(browser, authorizationUrl, { username: "dev-user-2" })
    const refused = await browser.request(callback)
    expect(refused.headers.get("location")).toContain("error=StepUpFailed")
    // The first user's session is as it was: same cookie, same user, still too old.
    expect(browser.cookiesFor(appOrigin).get("authjs.session-token")).toBe(sessionToken)
    expect((await session(browser)).user.email).toBe("dev@example.test")
    expect((await guard(testApp, browser))?.status).toBe(401)
    // Nothing linked to the first user, no user made for the second.
    expect(await database().accountOwners("dev-oidc")).toEqual(owners)
    expect(await database().count("users")).toBe(1)
    expect(testApp.logger.errors.map((error) => (error as { type?: string }).type)).toContain("StepUpFailed")
  })
})
