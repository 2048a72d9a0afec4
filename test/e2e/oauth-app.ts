/**
 * Shared fixture of the OAuth end-to-end tests: a real OpenID provider (the dev IdP) on loopback,
 * Gatehouse apps served in-process on made-up origins, and a fetch-based browser between them.
 */
import { expect } from "vitest"
import { Auth } from "../../packages/core/src/index.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { startDevIdentityProvider, type DevClient, type DevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import { FetchBrowser, signInAtDevIdp } from "../../packages/dev-idp/src/fetch-browser.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { useSuiteResource } from "@gatehouse/test-kit/use-suite-resource"

export const appOrigin = "http://app.test"
export const base = `${appOrigin}/auth`
export const secret = "oauth-e2e-secret-with-more-than-32-characters"
export const landing = `${appOrigin}/dashboard`

/** Every provider id the tests use, registered at the IdP under every app origin. */
const providerIds = ["dev-oidc", "dev-oidc-b", "dev-oauth", "dev-oauth-post", "dev-form-post"]
const origins = [appOrigin, "http://proxy.test", "http://preview.test"]
const redirectUris = origins.flatMap((origin) => providerIds.map((id) => `${origin}/auth/callback/${id}`))
/** Where a federated sign-out comes back to (OpenID Connect RP-Initiated Logout). */
const postLogoutRedirectUris = origins.flatMap((origin) => providerIds.map((id) => `${origin}/auth/signout/callback/${id}`))

export const basicClient: DevClient = {
  client_id: "gatehouse-basic",
  client_secret: "basic-secret",
  redirect_uris: redirectUris,
  post_logout_redirect_uris: postLogoutRedirectUris,
}
export const postClient: DevClient = {
  client_id: "gatehouse-post",
  client_secret: "post-secret",
  redirect_uris: redirectUris,
  token_endpoint_auth_method: "client_secret_post",
}

/** Characters that Basic credentials must form-url-encode (and `.`/`_` that Auth.js leaves alone). */
export const specialClient: DevClient = {
  client_id: "gatehouse.special_client",
  client_secret: "p@ss word:+/%x",
  redirect_uris: redirectUris,
}

export function startIdp(): Promise<DevIdentityProvider> {
  return startDevIdentityProvider({
    clients: [basicClient, postClient, specialClient],
    users: [
      { sub: "dev-user-1", name: "Dev User", preferred_username: "dev", email: "Dev@Example.test", email_verified: true },
      { sub: "dev-user-2", name: "Second User", email: "second@example.test", email_verified: true },
    ],
  })
}

/** The dev IdP for the enclosing suite: started before its tests, closed after them. */
export function useDevIdp(): () => DevIdentityProvider {
  return useSuiteResource(startIdp, (idp) => idp.close())
}

/**
 * The dev IdP for suites about upstream tokens: one user, access tokens that expire in 64 s (so
 * that a refresh falls due within a test's clock jump) and refresh tokens rotated on every use.
 */
export function useTokenRefreshIdp(): () => DevIdentityProvider {
  const start = () =>
    startDevIdentityProvider({
      clients: [basicClient],
      users: [{ sub: "dev-user-1", name: "Dev User", email: "dev@example.test", email_verified: true }],
      accessTokenTtl: 64,
      refreshTokens: { rotate: true },
    })
  return useSuiteResource(start, (idp) => idp.close())
}

/** An OIDC provider found by discovery, with all three checks. */
export function oidcProvider(issuer: string, overrides: Record<string | symbol, unknown> = {}) {
  return {
    id: "dev-oidc",
    name: "Dev IdP",
    type: "oidc" as const,
    issuer,
    clientId: basicClient.client_id,
    clientSecret: basicClient.client_secret,
    checks: ["pkce", "state", "nonce"],
    ...overrides,
  }
}

/** A plain OAuth 2 provider with explicit endpoints and a userinfo request. */
export function oauthProvider(issuer: string, overrides: Record<string | symbol, unknown> = {}) {
  return {
    id: "dev-oauth",
    name: "Dev OAuth",
    type: "oauth" as const,
    // The token response carries an ID token; its `iss` is checked against this.
    issuer,
    authorization: { url: `${issuer}/auth`, params: { scope: "openid profile email" } },
    token: `${issuer}/token`,
    userinfo: `${issuer}/me`,
    clientId: basicClient.client_id,
    clientSecret: basicClient.client_secret,
    ...overrides,
  }
}

export interface TestApp {
  config: AuthConfig
  logger: ReturnType<typeof silentLogger>
  handler: (request: Request) => Promise<Response>
}

export function makeApp(providers: unknown[], overrides: Partial<AuthConfig> = {}): TestApp {
  const logger = silentLogger()
  const config = {
    secret,
    trustHost: true,
    basePath: "/auth",
    logger,
    providers,
    ...overrides,
  } as AuthConfig
  return { config, logger, handler: (request) => Auth(request, config) }
}

export function browserFor(apps: Record<string, TestApp>): FetchBrowser {
  return new FetchBrowser({ handlers: Object.fromEntries(Object.entries(apps).map(([origin, app]) => [origin, app.handler])) })
}

/** POST /signin/<id> with a CSRF token, as the sign-in page's button does; returns the provider URL. */
export async function startSignIn(
  browser: FetchBrowser,
  providerId: string,
  { origin = appOrigin, query = "" }: { origin?: string; query?: string } = {},
): Promise<{ authorizationUrl: URL; response: Response }> {
  const csrf = (await (await browser.request(`${origin}/auth/csrf`)).json()) as { csrfToken: string }
  const response = await browser.request(`${origin}/auth/signin/${providerId}${query}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: `${origin}/dashboard` }),
  })
  expect(response.status).toBe(302)
  return { authorizationUrl: new URL(response.headers.get("location")!), response }
}

/** Sign-in POST → IdP login (one click) → back at the app's callback, which is answered. */
export async function signInThroughIdp(
  browser: FetchBrowser,
  providerId: string,
  options: { origin?: string; username?: string; beforeCallback?: (callback: URL) => URL | void | Promise<URL | void> } = {},
) {
  const { authorizationUrl, response: signInResponse } = await startSignIn(browser, providerId, options)
  let callback = await signInAtDevIdp(browser, authorizationUrl, { username: options.username })
  callback = (await options.beforeCallback?.(callback)) ?? callback
  const response = await browser.request(callback)
  return { authorizationUrl, signInResponse, callback, response }
}

export async function sessionOf(browser: FetchBrowser, origin = appOrigin): Promise<any> {
  return (await browser.request(`${origin}/auth/session`)).json()
}

export function setCookieNames(response: Response): { set: string[]; deleted: string[] } {
  const set: string[] = []
  const deleted: string[] = []
  for (const header of response.headers.getSetCookie()) {
    const name = header.slice(0, header.indexOf("="))
    if (/;\s*max-age=0/i.test(header)) deleted.push(name)
    else set.push(name)
  }
  return { set, deleted }
}

/** The logged error types, e.g. ["InvalidCheck"]. */
export function loggedTypes(app: TestApp): string[] {
  return app.logger.errors.map((error) => (error as { type?: string }).type ?? error.name)
}
