/**
 * A user may link two accounts of one identity provider (two `sub`s at the same issuer). A logout
 * token naming one of them by `sub` ends the sessions signed in through that account only: the
 * sessions the other account began stay. Real dev IdP (oidc-provider), real SQLite file and
 * PostgreSQL database, both session strategies; the tokens are signed with the IdP's key.
 */
import { describe, expect, it } from "vitest"
import { backchannelApp, idpLogoutToken, isSignedIn, postLogoutToken, signedIn, useBackchannelIdp } from "./support/backchannel-fixture.js"
import { sessionDatabases, useSessionDatabase } from "./support/session-databases.js"

const idp = useBackchannelIdp()

describe.each(sessionDatabases)("back-channel logout of one of two linked accounts at one IdP, on $label", (kind) => {
  const database = useSessionDatabase(kind)

  describe.each(["database", "jwt"] as const)("%s sessions", (strategy) => {
    /** Ada signed in through the IdP account dev-user-1 on two devices, and through her linked dev-user-2 on a third. */
    async function adaWithTwoAccounts() {
      const { adapter } = database()
      const revoked: { userId: string; sessionIds: string[]; reason: string }[] = []
      const app = backchannelApp(idp(), adapter, strategy, { events: { sessionRevoked: (message) => void revoked.push(message) } })
      const laptop = await signedIn(app, adapter, "dev-user-1")
      const phone = await signedIn(app, adapter, "dev-user-1")
      const userId = laptop.row.userId
      await adapter.linkAccount!({ userId, type: "oidc", provider: "dev-oidc", providerAccountId: "dev-user-2" })
      const work = await signedIn(app, adapter, "dev-user-2")
      expect(String(work.row.userId)).toBe(String(userId))
      return { adapter, app, revoked, userId, laptop, phone, work }
    }

    it("records at sign-in which account the session came through", async () => {
      const { laptop, work } = await adaWithTwoAccounts()
      expect(laptop.row.providerAccountId).toBe("dev-user-1")
      expect(work.row.providerAccountId).toBe("dev-user-2")
    })

    it("attack: a sub-only token for account A leaves the session from account B alive", async () => {
      const { app, revoked, userId, laptop, phone, work } = await adaWithTwoAccounts()
      const response = await postLogoutToken(app, await idpLogoutToken(idp(), { sub: "dev-user-1" }))
      expect(response.status).toBe(200)
      expect(await isSignedIn(laptop.browser)).toBe(false)
      expect(await isSignedIn(phone.browser)).toBe(false)
      expect(await isSignedIn(work.browser)).toBe(true)
      expect(await database().count("sessions")).toBe(1)
      expect(revoked).toEqual([
        { userId: String(userId), sessionIds: [expect.any(String), expect.any(String)], reason: "backchannel-logout" },
      ])
      expect(app.logger.errors).toEqual([])

      // Account B's own logout ends its session.
      expect((await postLogoutToken(app, await idpLogoutToken(idp(), { sub: "dev-user-2" }))).status).toBe(200)
      expect(await isSignedIn(work.browser)).toBe(false)
      expect(await database().count("sessions")).toBe(0)
    })

    it("attack: account A's sub with account B's sid ends nothing", async () => {
      const { app, laptop, work } = await adaWithTwoAccounts()
      const mixed = await idpLogoutToken(idp(), { sub: "dev-user-1", sid: work.row.providerSessionId })
      expect((await postLogoutToken(app, mixed)).status).toBe(200)
      expect(await isSignedIn(work.browser)).toBe(true)
      expect(await isSignedIn(laptop.browser)).toBe(true)
      expect(await database().count("sessions")).toBe(3)
    })

    it("a row that records no account (written before the migration) still ends by the sub of any of the user's accounts at the IdP", async () => {
      const { adapter, app, userId, work } = await adaWithTwoAccounts()
      const older = { sessionToken: `before-migration-${crypto.randomUUID()}`, userId, provider: "dev-oidc" }
      await adapter.createSession!({ ...older, expires: new Date(Date.now() + 3_600_000), createdAt: new Date(Date.now() - 60_000) })
      expect((await postLogoutToken(app, await idpLogoutToken(idp(), { sub: "dev-user-1" }))).status).toBe(200)
      expect(await adapter.getSessionAndUser!(older.sessionToken)).toBeNull()
      expect(await isSignedIn(work.browser)).toBe(true)
    })
  })
})
