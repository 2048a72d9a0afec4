/**
 * A Gatehouse app on a real database for the database-session end-to-end tests: the dev IdP
 * providers of the OAuth fixture, an adapter, and every event and callback call recorded.
 */
import type { FetchBrowser } from "../../../packages/dev-idp/src/fetch-browser.js"
import type { Adapter } from "../../../packages/core/src/adapters.js"
import type { AuthConfig } from "../../../packages/core/src/types.js"
import { appOrigin, base, makeApp, oidcProvider, type TestApp } from "../oauth-app.js"

export const sessionCookieName = "authjs.session-token"

const eventNames = ["signIn", "signOut", "createUser", "updateUser", "linkAccount", "session", "unverifiedAttachmentsRemoved"] as const
export type EventName = (typeof eventNames)[number]

export interface RecordedCall {
  name: string
  message: any
}

/** `events` that record every call in order; `of(name)` lists one event's messages. */
export function recordingEvents() {
  const calls: RecordedCall[] = []
  const events = Object.fromEntries(
    eventNames.map((name) => [name, (message: unknown) => void calls.push({ name, message })]),
  ) as Required<AuthConfig>["events"]
  return { calls, events, of: (name: EventName) => calls.filter((call) => call.name === name).map((call) => call.message) }
}

export interface DatabaseApp extends TestApp {
  events: ReturnType<typeof recordingEvents>
  /** Every call of the jwt callback (there should be none with database sessions). */
  jwtCalls: any[]
  /** Every call of the session callback. */
  sessionCalls: any[]
}

/** An app whose sessions live in `adapter`'s database (unless `overrides.session` says otherwise). */
export function databaseApp(
  adapter: Adapter,
  issuer: string,
  overrides: Omit<Partial<AuthConfig>, "providers"> & { providers?: unknown[] } = {},
): DatabaseApp {
  const events = recordingEvents()
  const jwtCalls: any[] = []
  const sessionCalls: any[] = []
  const { providers, callbacks, ...rest } = overrides
  const app = makeApp(providers ?? [oidcProvider(issuer)], {
    adapter,
    events: events.events,
    callbacks: {
      jwt(params) {
        jwtCalls.push(params)
        return params.token
      },
      session(params: any) {
        sessionCalls.push(params)
        const { user, session } = params
        // Database strategy: the user row; jwt strategy: what the token put in session.user.
        if (!user) return session
        return { user: { id: user.id, name: user.name, email: user.email }, expires: session.expires }
      },
      ...callbacks,
    },
    ...rest,
  })
  return { ...app, events, jwtCalls, sessionCalls }
}

/** The opaque session token the browser holds for the app, if any. */
export function sessionTokenOf(browser: FetchBrowser): string | undefined {
  return browser.cookiesFor(appOrigin).get(sessionCookieName)
}

/**
 * Logs the browser out of the IdP (drops its cookies there) but keeps the app's: the next
 * sign-in at the IdP may then be someone else, as when a person switches accounts there.
 */
export function forgetIdpSession(browser: FetchBrowser, issuer: string): void {
  for (const name of browser.cookiesFor(issuer).keys()) browser.deleteCookie(issuer, name)
}

/** GET /session: the response (its Set-Cookie headers still readable) and its JSON body. */
export async function readSession(browser: FetchBrowser): Promise<{ response: Response; body: any }> {
  const response = await browser.request(`${base}/session`)
  return { response, body: await response.json() }
}

/** POST /session with a CSRF token and `data`, as the client's `update(data)` does. */
export async function updateSession(browser: FetchBrowser, data: unknown): Promise<{ response: Response; body: any }> {
  const { csrfToken } = (await (await browser.request(`${base}/csrf`)).json()) as { csrfToken: string }
  const response = await browser.request(`${base}/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ csrfToken, data }),
  })
  return { response, body: await response.json() }
}

/** POST /signout with a CSRF token, as the sign-out page's button does. */
export async function signOut(browser: FetchBrowser): Promise<Response> {
  const { csrfToken } = (await (await browser.request(`${base}/csrf`)).json()) as { csrfToken: string }
  return browser.request(`${base}/signout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${appOrigin}/` }),
  })
}

/** POST /callback/<credentials id> with a CSRF token and the form's fields. */
export async function signInWithCredentials(browser: FetchBrowser, fields: Record<string, string>, providerId = "credentials") {
  const { csrfToken } = (await (await browser.request(`${base}/csrf`)).json()) as { csrfToken: string }
  return browser.request(`${base}/callback/${providerId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${appOrigin}/dashboard`, ...fields }),
  })
}

/** The session cookie's Set-Cookie headers in a response (set or deleted). */
export function sessionCookieHeaders(response: Response): string[] {
  return response.headers.getSetCookie().filter((header) => header.startsWith(`${sessionCookieName}`))
}
