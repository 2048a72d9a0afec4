import { describe, expect, test } from "vitest"
import type { AdapterSession } from "@gatehouse/core/adapters"
import type { SuiteContext } from "../context.js"
import { dateFromNow, hostileStrings, uniqueTag } from "../fixtures.js"

const day = 86_400_000

function newSessionToken(): string {
  return `${crypto.randomUUID()}-${uniqueTag()}`
}

export function registerSessionTests(ctx: SuiteContext): void {
  async function expectStoredSession(sessionToken: string, userId: unknown, expires: Date): Promise<void> {
    const found = await ctx.adapter.getSessionAndUser(sessionToken)
    expect(found).toBeTruthy()
    expect(found?.session.sessionToken).toBe(sessionToken)
    ctx.expectSameId(found?.session.userId, userId)
    ctx.expectDate(found?.session.expires, expires)
    ctx.expectSameId(found?.user.id, userId)
  }

  describe("sessions", () => {
    test("createSession returns the session and getSessionAndUser reads it with its user", async () => {
      const user = await ctx.createUser({ emailVerified: dateFromNow(-day) })
      const session = { sessionToken: newSessionToken(), userId: String(user.id), expires: dateFromNow(30 * day) }
      const created = await ctx.adapter.createSession(session)
      expect(created.sessionToken).toBe(session.sessionToken)
      ctx.expectSameId(created.userId, user.id)
      ctx.expectDate(created.expires, session.expires)
      await expectStoredSession(session.sessionToken, user.id, session.expires)
      const found = await ctx.adapter.getSessionAndUser(session.sessionToken)
      ctx.expectUser(found?.user, user)
    })

    test("getSessionAndUser returns null for an unknown token", async () => {
      expect(await ctx.adapter.getSessionAndUser(newSessionToken())).toBeNull()
    })

    test("getSessionAndUser still returns an expired session: expiry is core's decision", async () => {
      const user = await ctx.createUser()
      const expires = dateFromNow(-day)
      const { sessionToken } = await ctx.adapter.createSession({ sessionToken: newSessionToken(), userId: String(user.id), expires })
      await expectStoredSession(sessionToken, user.id, expires)
    })

    test("a user can hold several sessions at once", async () => {
      const user = await ctx.createUser()
      const tokens = [newSessionToken(), newSessionToken()]
      const expires = dateFromNow(day)
      for (const sessionToken of tokens) await ctx.adapter.createSession({ sessionToken, userId: String(user.id), expires })
      for (const sessionToken of tokens) await expectStoredSession(sessionToken, user.id, expires)
      expect(await ctx.count("sessions", user.id)).toBe(2)
    })

    test("updateSession moves the expiry and leaves the owner alone", async () => {
      const user = await ctx.createUser()
      const sessionToken = newSessionToken()
      await ctx.adapter.createSession({ sessionToken, userId: String(user.id), expires: dateFromNow(day) })
      const extended = dateFromNow(30 * day)
      const returned = await ctx.adapter.updateSession({ sessionToken, expires: extended })
      if (returned) {
        expect(returned.sessionToken).toBe(sessionToken)
        ctx.expectDate(returned.expires, extended)
      }
      await expectStoredSession(sessionToken, user.id, extended)
    })

    test("updateSession of an unknown token creates nothing", async () => {
      const sessionToken = newSessionToken()
      const sessionsBefore = await ctx.count("sessions")
      const returned = await ctx.adapter.updateSession({ sessionToken, expires: dateFromNow(day) })
      expect(returned ?? null).toBeNull()
      expect(await ctx.adapter.getSessionAndUser(sessionToken)).toBeNull()
      expect(await ctx.count("sessions")).toBe(sessionsBefore)
    })

    test("deleteSession removes only that session", async () => {
      const user = await ctx.createUser()
      const expires = dateFromNow(day)
      const doomed = await ctx.adapter.createSession({ sessionToken: newSessionToken(), userId: String(user.id), expires })
      const kept = await ctx.adapter.createSession({ sessionToken: newSessionToken(), userId: String(user.id), expires })
      const returned: AdapterSession | null | undefined | void = await ctx.adapter.deleteSession(doomed.sessionToken)
      if (returned) expect(returned.sessionToken).toBe(doomed.sessionToken)
      expect(await ctx.adapter.getSessionAndUser(doomed.sessionToken)).toBeNull()
      await expectStoredSession(kept.sessionToken, user.id, expires)
      ctx.expectSameId((await ctx.adapter.getUser(String(user.id)))?.id, user.id)
    })

    test("deleting an unknown session is not an error", async () => {
      await expect((async () => ctx.adapter.deleteSession(newSessionToken()))()).resolves.toBeFalsy()
    })

    test("a session for a user that does not exist is rejected and leaves no row", async () => {
      const sessionToken = newSessionToken()
      const sessionsBefore = await ctx.count("sessions")
      await expect(
        (async () => ctx.adapter.createSession({ sessionToken, userId: "987654321", expires: dateFromNow(day) }))(),
      ).rejects.toThrow()
      expect(await ctx.adapter.getSessionAndUser(sessionToken)).toBeNull()
      expect(await ctx.count("sessions")).toBe(sessionsBefore)
    })

    test("unicode and quote-laden session tokens round-trip", async () => {
      const user = await ctx.createUser()
      const expires = dateFromNow(day)
      for (const hostile of hostileStrings) {
        const sessionToken = `${hostile}-${uniqueTag()}`
        await ctx.adapter.createSession({ sessionToken, userId: String(user.id), expires })
        await expectStoredSession(sessionToken, user.id, expires)
      }
    })
  })
}
