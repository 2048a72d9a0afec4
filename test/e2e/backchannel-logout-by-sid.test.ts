/**
 * Logout tokens that name the IdP session (`sid`) but not the user (`sub`), which Back-Channel
 * Logout 1.0 §2.4 allows: the sessions are found through the adapter's
 * listSessionsByProviderSessionId, on a real SQLite file and a real PostgreSQL database, for both
 * session strategies. Browsers sign in through the dev IdP, so every session row carries the IdP's
 * real sid; the tokens are signed with the IdP's key.
 */
import { describe, expect, it } from "vitest"
import type { Adapter } from "../../packages/core/src/adapters.js"
import {
  backchannelApp,
  idpLogoutToken,
  isSignedIn,
  loggedCodes,
  postLogoutToken,
  signedIn,
  useBackchannelIdp,
} from "./support/backchannel-fixture.js"
import { sessionDatabases, useSessionDatabase } from "./support/session-databases.js"

const idp = useBackchannelIdp()

describe.each(sessionDatabases)("back-channel logout by sid alone on $label", (kind) => {
  const database = useSessionDatabase(kind)

  describe.each(["database", "jwt"] as const)("%s sessions", (strategy) => {
    it("ends the sessions of that IdP session only: the user's other IdP session and another user stay signed in", async () => {
      const { adapter } = database()
      const revoked: { userId: string; sessionIds: string[]; reason: string }[] = []
      const app = backchannelApp(idp(), adapter, strategy, { events: { sessionRevoked: (message) => void revoked.push(message) } })
      const laptop = await signedIn(app, adapter, "dev-user-1")
      const phone = await signedIn(app, adapter, "dev-user-1")
      const other = await signedIn(app, adapter, "dev-user-2")
      expect(new Set([laptop.row.providerSessionId, phone.row.providerSessionId, other.row.providerSessionId]).size).toBe(3)

      const token = await idpLogoutToken(idp(), { sid: laptop.row.providerSessionId })
      const response = await postLogoutToken(app, token)
      expect(response.status).toBe(200)
      expect(response.headers.get("cache-control")).toContain("no-store")
      expect(await isSignedIn(laptop.browser)).toBe(false)
      expect(await isSignedIn(phone.browser)).toBe(true)
      expect(await isSignedIn(other.browser)).toBe(true)
      expect(await database().count("sessions")).toBe(2)
      expect(revoked).toEqual([{ userId: String(laptop.row.userId), sessionIds: [expect.any(String)], reason: "backchannel-logout" }])
      expect(app.logger.errors).toEqual([])

      // Single use as ever: the replay is refused, and a session begun since (same user) survives it.
      const again = await signedIn(app, adapter, "dev-user-1")
      expect((await postLogoutToken(app, token)).status).toBe(400)
      expect(loggedCodes(app)).toEqual(["InvalidLogoutToken:replayed"])
      expect(await isSignedIn(again.browser)).toBe(true)
    })

    it("attack: the IdP's sid on a session begun with another provider (or none) is not this provider's to end", async () => {
      const { adapter } = database()
      const app = backchannelApp(idp(), adapter, strategy)
      const victim = await signedIn(app, adapter, "dev-user-2")
      const sid = victim.row.providerSessionId!
      // The same sid string recorded by sessions of another provider, and of an e-mail sign-in.
      const elsewhere = [
        { sessionToken: `other-idp-${crypto.randomUUID()}`, provider: "other-idp" },
        { sessionToken: `email-${crypto.randomUUID()}`, provider: "nodemailer" },
      ]
      for (const session of elsewhere) {
        await adapter.createSession!({
          ...session,
          providerSessionId: sid,
          userId: victim.row.userId,
          expires: new Date(Date.now() + 3_600_000),
        })
      }
      expect((await postLogoutToken(app, await idpLogoutToken(idp(), { sid }))).status).toBe(200)
      expect(await isSignedIn(victim.browser)).toBe(false)
      for (const session of elsewhere) expect(await adapter.getSessionAndUser!(session.sessionToken)).toBeTruthy()
    })

    it("a sid no session has: accepted (200), nothing ends; a sid with sub naming someone else ends nothing", async () => {
      const { adapter } = database()
      const app = backchannelApp(idp(), adapter, strategy)
      const one = await signedIn(app, adapter, "dev-user-1")
      const two = await signedIn(app, adapter, "dev-user-2")
      expect((await postLogoutToken(app, await idpLogoutToken(idp(), { sid: `unknown-${crypto.randomUUID()}` }))).status).toBe(200)
      // With sub, sessions are still found through the user: user 1 with user 2's sid is no one's session.
      const mixed = await idpLogoutToken(idp(), { sub: "dev-user-1", sid: two.row.providerSessionId })
      expect((await postLogoutToken(app, mixed)).status).toBe(200)
      expect(await isSignedIn(one.browser)).toBe(true)
      expect(await isSignedIn(two.browser)).toBe(true)
      expect(await database().count("sessions")).toBe(2)
    })

    it("the adapter failing part-way: 500, and the retry of the sid-only token ends the rest", async () => {
      const { adapter } = database()
      let failNext = false
      const flaky: Adapter = {
        ...adapter,
        deleteSession: (sessionToken) => {
          if (failNext) {
            failNext = false
            throw new Error("connection terminated unexpectedly")
          }
          return adapter.deleteSession!(sessionToken)
        },
      }
      const app = backchannelApp(idp(), flaky, strategy)
      const laptop = await signedIn(app, flaky, "dev-user-1")
      const token = await idpLogoutToken(idp(), { sid: laptop.row.providerSessionId })
      failNext = true
      expect((await postLogoutToken(app, token)).status).toBe(500)
      expect(await isSignedIn(laptop.browser)).toBe(true)
      expect((await postLogoutToken(app, token)).status).toBe(200)
      expect(await isSignedIn(laptop.browser)).toBe(false)
      expect(loggedCodes(app)).toEqual(["BackchannelLogoutFailed:end-sessions"])
    })

    it("an adapter without listSessionsByProviderSessionId: refused (400), the missing method named, nothing claimed or ended", async () => {
      const { listSessionsByProviderSessionId: _missing, ...withoutIt } = database().adapter
      const app = backchannelApp(idp(), withoutIt, strategy)
      const laptop = await signedIn(app, withoutIt, "dev-user-1")
      const token = await idpLogoutToken(idp(), { sid: laptop.row.providerSessionId })
      const response = await postLogoutToken(app, token)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: "invalid_request" })
      expect(loggedCodes(app)).toEqual(["InvalidLogoutToken:missing-sub"])
      expect(app.logger.errors[0]!.message).toContain("listSessionsByProviderSessionId")
      expect(await isSignedIn(laptop.browser)).toBe(true)
      // The jti was not used up: the same token is refused for the same reason, not as a replay.
      expect((await postLogoutToken(app, token)).status).toBe(400)
      expect(loggedCodes(app)).toEqual(["InvalidLogoutToken:missing-sub", "InvalidLogoutToken:missing-sub"])
    })
  })
})
