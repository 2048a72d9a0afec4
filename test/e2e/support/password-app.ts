/**
 * A core app with the Password provider for end-to-end tests: the real handler, a real adapter
 * (SQLite or PostgreSQL), mail through the Nodemailer provider's SMTP transport into a real SMTP
 * server, and helpers that drive the flows as a browser would (pages, forms, links from mails).
 */
import type { Adapter } from "../../../packages/core/src/adapters.js"
import { Auth } from "../../../packages/core/src/handler/auth.js"
import Nodemailer from "../../../packages/core/src/providers/nodemailer.js"
import Password, { type PasswordUserConfig } from "../../../packages/core/src/providers/password.js"
import type { AuthConfig } from "../../../packages/core/src/types.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"
import { pageForms } from "@gatehouse/test-kit/html-form"
import type { ReceivedMail, SmtpSink } from "@gatehouse/test-kit/smtp-sink"

export const origin = "http://localhost:3000"
export const base = `${origin}/auth`
export const landing = `${origin}/dashboard`
const secret = "gatehouse-password-test-secret-with-more-than-32-chars"

/** Cheap scrypt for flow tests (the timing test uses OWASP's): the flows do not depend on the cost. */
export const cheapHashing = { ln: 10, r: 8, p: 1, keyLength: 32 }

export interface PasswordAppOptions {
  adapter: Adapter
  sink: SmtpSink
  strategy: "jwt" | "database"
  password?: PasswordUserConfig
  config?: Partial<AuthConfig>
}

export function passwordApp({ adapter, sink, strategy, password = {}, config = {} }: PasswordAppOptions) {
  const logger = silentLogger()
  const authConfig: AuthConfig = {
    secret,
    trustHost: true,
    basePath: "/auth",
    adapter,
    session: { strategy },
    providers: [
      Nodemailer({ server: sink.server, from: "Gatehouse <no-reply@gatehouse.test>" }),
      Password({ hashing: cheapHashing, ...password }),
    ],
    logger,
    ...config,
  }
  const handler = (request: Request) => Auth(request, authConfig)
  return { config: authConfig, logger, handler, browser: () => new TestBrowser(handler) }
}

export function signUp(browser: TestBrowser, email: string, password: string, name = "Ada"): Promise<Response> {
  return browser.post(`${base}/callback/password`, { action: "signup", email, password, name, callbackUrl: landing }, base)
}

export function signIn(browser: TestBrowser, email: string, password: string): Promise<Response> {
  return browser.post(`${base}/callback/password`, { email, password, callbackUrl: landing }, base)
}

export function forgot(browser: TestBrowser, email: string): Promise<Response> {
  return browser.post(`${base}/password/forgot`, { email }, base)
}

export async function sessionEmail(browser: TestBrowser): Promise<string | undefined> {
  const session = (await (await browser.fetch(`${base}/session`)).json()) as { user?: { email?: string } } | null
  return session?.user?.email ?? undefined
}

/** The link in a password mail (its plain-text part). */
export function mailLink(received: ReceivedMail): URL {
  const line = (received.mail.text ?? "").split("\n").find((l) => /^https?:\/\/\S+\/(callback|password)\//.test(l.trim()))
  if (!line) throw new Error(`No link in the mail:\n${received.mail.text}`)
  return new URL(line.trim())
}

/** The code in a password mail. */
export function mailCode(received: ReceivedMail): string {
  const match = /this code: ([A-Z0-9-]+)/.exec(received.mail.text ?? "")
  if (!match) throw new Error(`No code in the mail:\n${received.mail.text}`)
  return match[1]!
}

/** Opens a verification link like a browser: the confirm page, then its button. */
export async function confirmLink(browser: TestBrowser, link: URL): Promise<Response> {
  const page = await browser.fetch(link.href)
  if (page.status !== 200) return page
  const [form] = pageForms(await page.text())
  return browser.fetch(form!.action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form!.fields),
  })
}

export function verifyWithCode(browser: TestBrowser, email: string, code: string): Promise<Response> {
  return browser.post(`${base}/callback/password`, { action: "verify", email, code, callbackUrl: landing }, base)
}

/** Opens a reset link (the reset page holds its token) and submits a new password through the page's form. */
export async function resetWithLink(browser: TestBrowser, link: URL, password: string): Promise<Response> {
  const page = await browser.fetch(link.href)
  const [form] = pageForms(await page.text())
  return browser.fetch(form!.action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...form!.fields, password, callbackUrl: landing }),
  })
}

export function resetWithCode(browser: TestBrowser, email: string, code: string, password: string): Promise<Response> {
  return browser.post(`${base}/password/reset`, { email, code, password, callbackUrl: landing }, base)
}

export async function changePassword(browser: TestBrowser, fields: Record<string, string>): Promise<Response> {
  return browser.post(`${base}/password/change`, fields, base)
}
