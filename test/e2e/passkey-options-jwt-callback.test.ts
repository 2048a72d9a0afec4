/**
 * Asking for passkey options while signed in reads the JWT session through the app's jwt callback (to
 * know whom a passkey is for), as GET /session does. What the callback changed must be stored as GET
 * /session stores it: an app that refreshes its upstream tokens there has spent the old refresh token
 * by then. A callback that throws is nobody signed in, and logged. Real Auth() handler, SQLite adapter,
 * software authenticator.
 */
import { expect, test } from "vitest"
import { decode } from "../../packages/core/src/jwt.js"
import type { JWT } from "../../packages/core/src/jwt/types.js"
import { passkeyApp, secret } from "./support/passkey-app.js"

const sessionCookie = "authjs.session-token"

test("GET /webauthn-options (register, signed in) re-issues the session cookie with the callback's token", async () => {
  const countReads = ({ token }: { token: JWT }) => ({ ...token, reads: ((token.reads as number | undefined) ?? 0) + 1 })
  const app = passkeyApp({ session: { strategy: "jwt" }, callbacks: { jwt: countReads as never } })
  const browser = app.browser()
  await browser.signUp("reader@example.test")
  const readsOf = async () => (await decode({ token: browser.cookies.get(sessionCookie)!, secret, salt: sessionCookie }))?.reads
  const before = (await readsOf()) as number

  const response = await browser.options({ action: "register" })
  expect(response.status).toBe(200)
  expect(((await response.json()) as { action: string }).action).toBe("register")
  expect(response.headers.getSetCookie().some((header) => header.startsWith(`${sessionCookie}=`))).toBe(true)
  expect(await readsOf()).toBe(before + 1)

  // The stored token is the one GET /session goes on from.
  expect(await browser.session()).toMatchObject({ user: { email: "reader@example.test" } })
  expect(await readsOf()).toBe(before + 2)
})

test("a jwt callback that throws: nobody is signed in for the options, the error is logged, and the cookie is left alone", async () => {
  let failing = false
  const jwt = ({ token }: { token: JWT }) => {
    if (failing) throw new Error("the app's token store is down")
    return token
  }
  const app = passkeyApp({ session: { strategy: "jwt" }, callbacks: { jwt: jwt as never } })
  const browser = app.browser()
  await browser.signUp("thrower@example.test")
  const cookie = browser.cookies.get(sessionCookie)
  failing = true

  const response = await browser.options({ action: "register" })
  // Not signed in, and no e-mail given: no registration for anyone.
  expect(response.status).toBe(400)
  expect(response.headers.getSetCookie().some((header) => header.startsWith(`${sessionCookie}=`))).toBe(false)
  expect(browser.cookies.get(sessionCookie)).toBe(cookie)
  const logged = app.logger.errors.at(-1) as Error & { type?: string }
  expect(logged.type).toBe("JWTSessionError")
  expect(logged.message).toContain("nobody is signed in")
  expect(logged.message).not.toContain("cleared")
})
