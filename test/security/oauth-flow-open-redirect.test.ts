/**
 * Open redirects through the OAuth round trip (GHSA-q2mx-j4x2-2h74: the same class as
 * GHSA-f9wg-5f46-cjmw, reached through the OAuth flow's own path). The callbackUrl is posted when
 * the sign-in starts, kept in the callback-url cookie while the browser is at the provider, and
 * used when the provider sends it back: a hostile value given at the start, or planted in the
 * cookie while the browser is away, must not take the browser off the site at the end. Against the
 * real dev IdP.
 */
import { describe, expect, it } from "vitest"
import { signInAtDevIdp } from "../../packages/dev-idp/src/fetch-browser.js"
import { appOrigin, base, browserFor, makeApp, oidcProvider, useDevIdp } from "../e2e/oauth-app.js"

const idp = useDevIdp()

const hostile = [
  "https://evil.example/",
  "//evil.example",
  "/\\evil.example",
  "https:evil.example",
  `${appOrigin}@evil.example`,
  "%2F%2Fevil.example",
  "javascript:alert(document.cookie)",
  "/ok\r\nLocation: https://evil.example",
  "http://[::1",
]

/** Where the callback sends the browser, resolved as the browser resolves it. */
function landing(response: Response): URL {
  expect(response.status).toBe(302)
  return new URL(response.headers.get("location")!, `${base}/callback/dev-oidc`)
}

/** A browser that posted the sign-in form of the dev IdP provider with `callbackUrl`, and the answer. */
async function startSignIn(callbackUrl: string) {
  const browser = browserFor({ [appOrigin]: makeApp([oidcProvider(idp().issuer)]) })
  const { csrfToken } = (await (await browser.request(`${base}/csrf`)).json()) as { csrfToken: string }
  const start = await browser.request(`${base}/signin/dev-oidc`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl }),
  })
  return { browser, start }
}

describe.each(hostile)("callbackUrl %j", (value) => {
  it("posted when the OAuth sign-in starts: the provider's return lands on the site", async () => {
    const { browser, start } = await startSignIn(value)
    expect(start.status).toBe(302)
    const callback = await signInAtDevIdp(browser, start.headers.get("location")!)
    const end = await browser.request(callback)
    expect(landing(end).origin).toBe(appOrigin)
    // The flow did finish: this is the landing of a real sign-in, not an error page.
    expect(((await (await browser.request(`${base}/session`)).json()) as { user?: unknown })?.user).toBeTruthy()
  })

  it("planted in the callback-url cookie while the browser is at the provider: the return lands on the site", async () => {
    const { browser, start } = await startSignIn(`${appOrigin}/dashboard`)
    const callback = await signInAtDevIdp(browser, start.headers.get("location")!)
    browser.setCookie(appOrigin, "authjs.callback-url", encodeURIComponent(value))
    const end = await browser.request(callback)
    expect(landing(end).origin).toBe(appOrigin)
  })
})
