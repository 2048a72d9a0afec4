/**
 * A recorded JWT session lives as long as its row says (the device list, revocation by id): the
 * cookie must never outlive the row. The row follows the cookie once per `updateAge`, judged by
 * when the cookie was issued; but a jwt callback that changes the token (Auth.js's refresh token
 * rotation, an app stamping `lastSeen`) had the cookie re-issued with a new `iat` and a renewed
 * expiry on every such read, so an active user's session never looked aged: its row was never
 * touched, expired 30 days after sign-in, and the session went on, missing from the user's own
 * device list (nothing to revoke it by) — and signed out wherever expired rows are purged.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { decode } from "../../packages/core/src/jwt.js"
import { TestBrowser } from "@gatehouse/test-kit/browser"
import { adaWithUpstreamAccount } from "@gatehouse/test-kit/ada-with-upstream-account"
import { base, secret, signInAsAda } from "@gatehouse/test-kit/credentials-app"

const sessionCookie = "authjs.session-token"
afterEach(() => vi.useRealTimers())

describe("a JWT session whose jwt callback changes the token on every read", () => {
  it("read every hour for 31 days: its row keeps up with the cookie, and the user still sees (and can revoke) it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { config, db } = await adaWithUpstreamAccount({
      callbacks: { jwt: ({ token }) => ({ ...token, lastSeen: Date.now() }) },
    })
    const browser = new TestBrowser((request) => Auth(request, config))
    await signInAsAda(browser)
    const start = Date.now()
    for (let hour = 1; hour <= 31 * 24; hour++) {
      vi.setSystemTime(start + hour * 3_600_000)
      expect(await (await browser.fetch(`${base}/session`)).json(), `hour ${hour}`).not.toBeNull()
    }
    const row = db.prepare("SELECT expires FROM sessions").get() as { expires: number }
    const cookie = await decode({ token: browser.cookies.get(sessionCookie)!, secret, salt: sessionCookie })
    // The row may lag the cookie by one updateAge (a day), never more.
    expect(row.expires).toBeGreaterThanOrEqual((cookie!.exp as number) * 1000 - 86_400_000)
    const listed = (await (await browser.fetch(`${base}/sessions`)).json()) as Array<{ current: boolean }>
    expect(listed.filter((session) => session.current)).toHaveLength(1)
  })
})
