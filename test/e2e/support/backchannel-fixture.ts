/**
 * What the back-channel logout tests beyond test/e2e/backchannel-logout.test.ts share: the dev IdP
 * (a real oidc-provider) started with a key the tests also sign logout tokens with, apps on any
 * adapter, browsers signed in through the IdP (so each session row carries the IdP's real `sid`),
 * and the logout tokens themselves, posted straight to the app's endpoint.
 */
import { expect } from "vitest"
import type { Adapter, AdapterSession } from "../../../packages/core/src/adapters.js"
import { BackchannelLogout } from "../../../packages/core/src/backchannel-logout/index.js"
import type { AuthConfig } from "../../../packages/core/src/types.js"
import type { FetchBrowser } from "../../../packages/dev-idp/src/fetch-browser.js"
import { type DevIdentityProvider, startDevIdentityProvider } from "../../../packages/dev-idp/src/index.js"
import { rsaSigningJwk, signLogoutToken } from "@gatehouse/test-kit/logout-token"
import { useSuiteResource } from "@gatehouse/test-kit/use-suite-resource"
import { appOrigin, base, browserFor, makeApp, oidcProvider, sessionOf, signInThroughIdp, type TestApp } from "../oauth-app.js"

export const backchannelClient = { client_id: "gatehouse-backchannel-retry", client_secret: "backchannel-retry-secret" }
const signingKey = rsaSigningJwk("backchannel-retry-key")

/** The dev IdP for the enclosing suite, started before its tests and closed after them. */
export function useBackchannelIdp(): () => DevIdentityProvider {
  return useSuiteResource(startBackchannelIdp, (idp) => idp.close())
}

function startBackchannelIdp(): Promise<DevIdentityProvider> {
  return startDevIdentityProvider({
    clients: [
      {
        ...backchannelClient,
        redirect_uris: [`${appOrigin}/auth/callback/dev-oidc`],
        // Registered so that ID tokens carry the IdP's sid; the tests post the logout tokens themselves
        // (no one signs out at the IdP, so it never calls this made-up origin).
        backchannel_logout_uri: `${appOrigin}/auth/backchannel-logout/dev-oidc`,
      },
    ],
    users: [
      { sub: "dev-user-1", name: "Dev User", email: "dev@example.test", email_verified: true },
      { sub: "dev-user-2", name: "Second User", email: "second@example.test", email_verified: true },
    ],
    signingKey: signingKey as JsonWebKey,
  })
}

/** An app whose only provider is the dev IdP ("dev-oidc"), on `adapter`. */
export function backchannelApp(
  idp: DevIdentityProvider,
  adapter: Adapter,
  strategy: "jwt" | "database",
  overrides: Partial<AuthConfig> = {},
): TestApp {
  const provider = oidcProvider(idp.issuer, { clientId: backchannelClient.client_id, clientSecret: backchannelClient.client_secret })
  return makeApp([provider], { adapter, session: { strategy }, backchannelLogout: BackchannelLogout(), ...overrides })
}

/** A logout token of the dev IdP for the app's client, signed with its key; `undefined` drops a claim. */
export function idpLogoutToken(idp: DevIdentityProvider, claims: Record<string, unknown>): Promise<string> {
  return signLogoutToken({ issuer: idp.issuer, audience: backchannelClient.client_id, key: signingKey, claims })
}

export function postLogoutToken(app: TestApp, token: string): Promise<Response> {
  return app.handler(
    new Request(`${base}/backchannel-logout/dev-oidc`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ logout_token: token }),
    }),
  )
}

/** A browser signed in to `app` as `username` through the IdP (a new IdP session), and its session row. */
export async function signedIn(app: TestApp, adapter: Adapter, username: string): Promise<{ browser: FetchBrowser; row: AdapterSession }> {
  const user = await adapter.getUserByAccount!({ provider: "dev-oidc", providerAccountId: username })
  const before = new Set(user ? (await adapter.listSessionsByUserId!(user.id)).map((session) => session.sessionToken) : [])
  const browser = browserFor({ [appOrigin]: app })
  await signInThroughIdp(browser, "dev-oidc", { username })
  expect((await sessionOf(browser))?.user?.email).toBeDefined()
  const owner = await adapter.getUserByAccount!({ provider: "dev-oidc", providerAccountId: username })
  const added = (await adapter.listSessionsByUserId!(owner!.id)).filter((session) => !before.has(session.sessionToken))
  expect(added).toHaveLength(1)
  expect(added[0]!.providerSessionId).toBeTruthy()
  return { browser, row: added[0]! }
}

/** Whether the browser is still signed in (its session read through the app, as a page would). */
export async function isSignedIn(browser: FetchBrowser): Promise<boolean> {
  return !!(await sessionOf(browser))?.user
}

/** "Type:code" of every error the app logged, in order. */
export function loggedCodes(app: TestApp): string[] {
  return app.logger.errors.map((error) => `${(error as { type?: string }).type}:${(error as { code?: string }).code}`)
}
