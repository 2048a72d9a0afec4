/**
 * A core app for the account end-to-end tests (issue 33): the real handler, a real adapter
 * (SQLite or PostgreSQL), the real dev IdP for linking, the Password provider for users with a
 * password, and, when given an SMTP sink, the Nodemailer provider's SMTP transport for the
 * e-mail-change mails. Helpers drive the endpoints as the account page's scripts would.
 */
import { Account } from "../../../packages/core/src/account/index.js"
import type { Adapter, AdapterUser } from "../../../packages/core/src/adapters.js"
import { Auth } from "../../../packages/core/src/handler/auth.js"
import { hashPassword } from "../../../packages/core/src/passwords/hash-password.js"
import Nodemailer from "../../../packages/core/src/providers/nodemailer.js"
import Password from "../../../packages/core/src/providers/password.js"
import type { AuthConfig, EventCallbacks } from "../../../packages/core/src/types.js"
import { FetchBrowser, signInAtDevIdp } from "../../../packages/dev-idp/src/fetch-browser.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import type { SmtpSink } from "@gatehouse/test-kit/smtp-sink"
import { oidcProvider } from "../oauth-app.js"

export const origin = "http://app.test"
export const base = `${origin}/auth`
export const accountPage = `${base}/account`
export const secret = "gatehouse-account-test-secret-with-more-than-32-chars"
export const cheapHashing = { ln: 10, r: 8, p: 1, keyLength: 32 }

export interface AccountAppOptions {
  adapter: Adapter
  strategy: "jwt" | "database"
  issuer: string
  /** With a sink: an e-mail provider (so an e-mail sign-in is one of every user's ways in). */
  sink?: SmtpSink
  freshAge?: number
  config?: Partial<AuthConfig>
  providers?: unknown[]
}

export type RecordedEvent = { name: keyof EventCallbacks; message: any }

export function accountApp({ adapter, strategy, issuer, sink, freshAge = 600, config = {}, providers = [] }: AccountAppOptions) {
  const logger = silentLogger()
  const events: RecordedEvent[] = []
  const record =
    (name: keyof EventCallbacks) =>
    (message: unknown): void =>
      void events.push({ name, message })
  const authConfig = {
    secret,
    trustHost: true,
    basePath: "/auth",
    adapter,
    session: { strategy, freshAge },
    account: Account(),
    providers: [
      oidcProvider(issuer),
      Password({ hashing: cheapHashing, send: async () => {} }),
      ...(sink ? [Nodemailer({ server: sink.server, from: "Gatehouse <no-reply@gatehouse.test>" })] : []),
      ...providers,
    ],
    events: {
      linkAccount: record("linkAccount"),
      unlinkAccount: record("unlinkAccount"),
      updateUser: record("updateUser"),
      deleteUser: record("deleteUser"),
    },
    logger,
    ...config,
  } as AuthConfig
  const handler = (request: Request) => Auth(request, authConfig)
  return { config: authConfig, logger, events, handler, browser: () => new FetchBrowser({ handlers: { [origin]: handler } }) }
}

/** A verified user with a password (stored as the Password provider stores it), made through the adapter. */
export async function seedPasswordUser(adapter: Adapter, email: string, password: string): Promise<AdapterUser> {
  const user = await adapter.createUser!({ id: crypto.randomUUID(), email, emailVerified: new Date(), name: "Ada" })
  await adapter.setPasswordHash!(user.id, await hashPassword(password, cheapHashing))
  return user
}

/** A passkey of the user, stored as a passkey registration stores it (its webauthn account and authenticator); its credential id. */
export async function seedPasskey(adapter: Adapter, userId: string): Promise<string> {
  const credentialID = `cred-${crypto.randomUUID()}`
  await adapter.linkAccount!({ userId, type: "webauthn", provider: "passkey", providerAccountId: credentialID })
  await adapter.createAuthenticator!({
    userId,
    providerAccountId: credentialID,
    credentialID,
    credentialPublicKey: "pQECAyYgASFYIA",
    counter: 0,
    credentialBackedUp: false,
    credentialDeviceType: "singleDevice",
    transports: "internal",
  })
  return credentialID
}

export async function csrfToken(browser: FetchBrowser): Promise<string> {
  return ((await (await browser.request(`${base}/csrf`)).json()) as { csrfToken: string }).csrfToken
}

export async function signInWithPassword(browser: FetchBrowser, email: string, password: string): Promise<Response> {
  const response = await browser.request(
    `${base}/callback/password`,
    form({ csrfToken: await csrfToken(browser), email, password, callbackUrl: origin }),
  )
  if (response.headers.get("location") !== origin) throw new Error(`password sign-in failed: ${response.headers.get("location")}`)
  return response
}

/** Signs in at the dev IdP as `username` (a new user for an unknown account). */
export async function signInWithIdp(browser: FetchBrowser, username: string): Promise<Response> {
  const start = await browser.request(`${base}/signin/dev-oidc`, form({ csrfToken: await csrfToken(browser), callbackUrl: origin }))
  const callback = await signInAtDevIdp(browser, start.headers.get("location")!, { username })
  return browser.request(callback)
}

/** POST /account/link/dev-oidc as the account page's button does, then the IdP as `username`: the callback's answer. */
export async function linkIdp(browser: FetchBrowser, username: string): Promise<Response> {
  const start = await browser.request(`${base}/account/link/dev-oidc`, form({ csrfToken: await csrfToken(browser) }))
  if (start.status !== 302 || !start.headers.get("location")?.includes("/auth?")) {
    throw new Error(`the link did not start a sign-in: ${start.status} ${start.headers.get("location")}`)
  }
  const callback = await signInAtDevIdp(browser, start.headers.get("location")!, { username })
  return browser.request(callback)
}

/** A JSON POST to an account endpoint with the CSRF token (unless `csrf: false`). */
export async function accountPost(
  browser: FetchBrowser,
  path: string,
  fields: Record<string, string> = {},
  { csrf = true, headers = {} }: { csrf?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  const body = csrf ? { csrfToken: await csrfToken(browser), ...fields } : fields
  return browser.request(`${base}/account${path}`, {
    ...form(body),
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", ...headers },
  })
}

export async function account(browser: FetchBrowser): Promise<{ status: number; body: any }> {
  const response = await browser.request(accountPage, { headers: { accept: "application/json" } })
  return { status: response.status, body: await response.json() }
}

function form(fields: Record<string, string>): RequestInit {
  return { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) }
}
