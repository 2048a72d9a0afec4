/**
 * Asking for passkey registration options while signed in reads the JWT session through the app's jwt
 * callback (to know whom the passkey is for). What the callback changed must be stored as GET /session
 * stores it: an app that refreshes its upstream tokens there has spent the old refresh token by then.
 * Real Auth() handler, SQLite adapter, software authenticator; the callback counts the reads it saw.
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
