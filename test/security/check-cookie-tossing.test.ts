/**
 * Cookie tossing of the OAuth check cookies (state, PKCE verifier, nonce), against the real dev IdP
 * and a real SQLite database.
 *
 * The attacker runs a page on a sibling host of the same site (evil.example.com next to
 * app.example.com: user content, a forgotten subdomain, an XSS there). Such a page can set cookies
 * with `Domain=example.com`, which the browser then sends to the app — under any name except
 * `__Host-…`, which browsers refuse to accept with a Domain attribute. With a longer `Path`
 * (`/auth/callback`) its cookies come first in the Cookie header, ahead of the app's own.
 *
 * The attack: the attacker starts a sign-in in their own browser, signs in at the IdP as
 * themselves, and stops before the callback. They toss the check cookies they were given into the
 * victim's browser and send the victim to that callback URL. If the app reads the tossed cookies,
 * every check passes (they are genuine, minted by the app for this very provider), and the
 * attacker's IdP account is linked to whoever is signed in in that browser — the victim. The
 * attacker then signs in with their IdP account and is the victim.
 *
 * The check cookies must be bound to the browser in a way a sibling host cannot forge: on https,
 * names with the `__Host-` prefix.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { FetchBrowser } from "../../packages/dev-idp/src/fetch-browser.js"
import { signInAtDevIdp } from "../../packages/dev-idp/src/fetch-browser.js"
import { appOrigin, browserFor, loggedTypes, signInThroughIdp, startSignIn, useDevIdp } from "../e2e/oauth-app.js"
import { databaseApp, type DatabaseApp } from "../e2e/support/database-session-app.js"
import { sqliteDatabase, type SessionDatabase } from "../e2e/support/session-databases.js"

const idp = useDevIdp()
let db: SessionDatabase

beforeAll(async () => {
  db = await sqliteDatabase.open()
})
afterAll(async () => {
  await db?.close()
})
beforeEach(async () => {
  await db.reset()
})

const secureSession = "__Secure-authjs.session-token"

/** What a page on a sibling host can plant: every cookie but the `__Host-` ones (browsers refuse those with a Domain). */
function tossable(cookies: Map<string, string>, names: string[]): [string, string][] {
  return names.filter((name) => cookies.has(name) && !name.startsWith("__Host-")).map((name) => [name, cookies.get(name)!])
}

/** The victim's request: the tossed cookies first (longer Path), then the browser's own. */
async function requestWithTossedCookies(app: DatabaseApp, victim: FetchBrowser, url: URL, tossed: [string, string][]) {
  const own = [...victim.cookiesFor(appOrigin)].filter(([name]) => !tossed.some(([t]) => t === name))
  const header = [...tossed, ...own].map(([name, value]) => `${name}=${value}`).join("; ")
  return app.handler(new Request(url, { headers: { cookie: header } }))
}

async function signedInUserId(browser: FetchBrowser): Promise<string | undefined> {
  const token = browser.cookiesFor(appOrigin).get(secureSession)
  return token ? (await db.sessionRow(token))?.userId : undefined
}

describe("check cookies tossed from a sibling host (https names)", () => {
  it("never link the attacker's IdP account to the victim signed in in that browser", async () => {
    // https cookie names on the test's http origin: the prefixes are what this attack is about.
    const app = databaseApp(db.adapter, idp().issuer, { useSecureCookies: true })

    const victim = browserFor({ [appOrigin]: app })
    await signInThroughIdp(victim, "dev-oidc", { username: "dev-user-1" })
    const victimId = await signedInUserId(victim)
    expect(victimId).toBeDefined()

    // The attacker's own flow, stopped before the callback.
    const attacker = browserFor({ [appOrigin]: app })
    const { authorizationUrl } = await startSignIn(attacker, "dev-oidc")
    const callback = await signInAtDevIdp(attacker, authorizationUrl, { username: "dev-user-2" })
    const checkCookieNames = [...attacker.cookiesFor(appOrigin).keys()].filter((name) => /state|pkce|nonce/.test(name))
    expect(checkCookieNames.length).toBeGreaterThan(0)

    const tossed = tossable(attacker.cookiesFor(appOrigin), checkCookieNames)
    const response = await requestWithTossedCookies(app, victim, callback, tossed)
    await response.body?.cancel()

    // The attacker's IdP account is linked to nobody, least of all the victim…
    expect(await db.accountOwners("dev-oidc")).toEqual([victimId])
    // …and signing in with it afterwards does not make the attacker the victim.
    const later = browserFor({ [appOrigin]: app })
    await signInThroughIdp(later, "dev-oidc", { username: "dev-user-2" })
    expect(await signedInUserId(later)).not.toBe(victimId)
    expect(loggedTypes(app)).toContain("InvalidCheck")
  })

  it("the app's own flow still signs in on https names (the prefix does not break sign-in)", async () => {
    const app = databaseApp(db.adapter, idp().issuer, { useSecureCookies: true })
    const browser = browserFor({ [appOrigin]: app })
    const { response, signInResponse } = await signInThroughIdp(browser, "dev-oidc", { username: "dev-user-1" })
    expect(response.headers.get("location")).toBe(`${appOrigin}/dashboard`)
    expect(await signedInUserId(browser)).toBeDefined()
    // Every check cookie was minted host-only, Secure, Path=/ (what a __Host- name requires).
    for (const header of signInResponse.headers.getSetCookie().filter((h) => /state|pkce|nonce/.test(h))) {
      expect(header).toMatch(/; Path=\/(;|$)/)
      expect(header).toMatch(/; Secure/)
      expect(header).not.toMatch(/; Domain=/i)
    }
  })
})
