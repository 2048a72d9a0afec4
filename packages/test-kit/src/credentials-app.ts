/**
 * A small app for driving `Auth` in tests: a credentials provider with one known user, the
 * settings every test needs, and helpers that act like a browser signing in.
 */
import { Auth } from "../../core/src/handler/auth.js"
import Credentials from "../../core/src/providers/credentials.js"
import type { AuthConfig, User } from "../../core/src/types.js"
import { TestBrowser } from "./browser.js"

export const origin = "http://localhost:3000"
export const base = `${origin}/auth`
export const secret = "gatehouse-test-secret-with-at-least-32-characters"

export const ada: User = { id: "user-1", name: "Ada Lovelace", email: "ada@example.test", image: "https://example.test/ada.png" }

/** Accepts exactly ada / lovelace; every other pair is refused with null. */
export function adaCredentials(overrides: Record<string, unknown> = {}) {
  return Credentials({
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    authorize: (fields) => (fields.username === "ada" && fields.password === "lovelace" ? { ...ada } : null),
    ...overrides,
  })
}

/** A fresh config object each call (configs are cached per object, so tests do not share state). */
export function credentialsConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    secret,
    trustHost: true,
    basePath: "/auth",
    providers: [adaCredentials()],
    logger: silentLogger(),
    ...overrides,
  }
}

/** A logger that records instead of printing, so expected errors do not clutter the test output. */
export function silentLogger() {
  const errors: Error[] = []
  const warnings: string[] = []
  return {
    errors,
    warnings,
    error: (error: Error) => void errors.push(error),
    warn: (code: string) => void warnings.push(code),
    debug: () => {},
  }
}

export function browserFor(config: AuthConfig): TestBrowser {
  return new TestBrowser((request) => Auth(request, config))
}

/** Signs in through the credentials callback, as the built-in form would. */
export function signInAsAda(browser: TestBrowser, fields: Record<string, string> = {}, baseUrl = base): Promise<Response> {
  return browser.post(`${baseUrl}/callback/credentials`, { username: "ada", password: "lovelace", ...fields }, baseUrl)
}

/** The `Set-Cookie` headers of a response, by cookie name. */
export function setCookies(response: Response): Map<string, string> {
  const map = new Map<string, string>()
  for (const header of response.headers.getSetCookie()) map.set(header.slice(0, header.indexOf("=")), header)
  return map
}
