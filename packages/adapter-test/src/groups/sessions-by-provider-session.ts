import { describe, expect, test } from "vitest"
import type { NewAdapterSession } from "@gatehouse/core/adapters"
import type { SuiteContext } from "../context.js"
import { dateFromNow, hostileStrings, uniqueTag } from "../fixtures.js"

const day = 86_400_000

/**
 * `listSessionsByProviderSessionId(providerSessionId, provider)`: core's back-channel logout finds
 * the sessions of an identity provider's session through it when the logout token names only that
 * session (`sid`, no `sub`). Every session it returns is ended, so a row it matches wrongly (on
 * the session id alone, by prefix, case-insensitively) is another user signed out by a stranger's
 * logout token, and a row it misses stays signed in after the user signed out at the provider.
 */
export function registerSessionsByProviderSessionTests(ctx: SuiteContext): void {
  /** A session begun with `provider` in its session `providerSessionId`, for a new user unless one is given. */
  async function sessionAt(
    provider: string,
    providerSessionId: string | null,
    userId?: string,
    overrides: Partial<NewAdapterSession> = {},
  ) {
    const owner = userId ?? String((await ctx.createUser()).id)
    const session: NewAdapterSession = {
      sessionToken: `${crypto.randomUUID()}-${uniqueTag()}`,
      userId: owner,
      expires: dateFromNow(30 * day),
      createdAt: dateFromNow(-60_000),
      lastSeenAt: dateFromNow(-1000),
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0",
      provider,
      providerSessionId,
      ...overrides,
    }
    await ctx.adapter.createSession(session)
    return session
  }

  async function tokensOf(providerSessionId: string, provider: string): Promise<string[]> {
    const sessions = await ctx.adapter.listSessionsByProviderSessionId(providerSessionId, provider)
    expect(Array.isArray(sessions)).toBe(true)
    return sessions.map((session) => session.sessionToken).sort()
  }

  describe("sessions by provider session id (listSessionsByProviderSessionId)", () => {
    test("returns every session begun in that provider session, with its user and metadata, expired ones included", async () => {
      const sid = `sid-${uniqueTag()}`
      const laptop = await sessionAt("idp-a", sid)
      const phone = await sessionAt("idp-a", sid, String(laptop.userId))
      const expired = await sessionAt("idp-a", sid, String(laptop.userId), { expires: dateFromNow(-day) })
      const sessions = await ctx.adapter.listSessionsByProviderSessionId(sid, "idp-a")
      expect(sessions.map((session) => session.sessionToken).sort()).toEqual(
        [laptop.sessionToken, phone.sessionToken, expired.sessionToken].sort(),
      )
      for (const session of sessions) {
        ctx.expectSameId(session.userId, laptop.userId)
        expect(session.provider).toBe("idp-a")
        expect(session.providerSessionId).toBe(sid)
        expect(session.expires).toBeInstanceOf(Date)
      }
      ctx.expectDate(sessions.find((session) => session.sessionToken === expired.sessionToken)!.expires, expired.expires)
    })

    test("matches the provider too: the same session id at another provider is someone else's", async () => {
      const sid = `sid-${uniqueTag()}`
      const mine = await sessionAt("idp-a", sid)
      const theirs = await sessionAt("idp-b", sid)
      expect(await tokensOf(sid, "idp-a")).toEqual([mine.sessionToken])
      expect(await tokensOf(sid, "idp-b")).toEqual([theirs.sessionToken])
      expect(await tokensOf(sid, "idp-c")).toEqual([])
    })

    test("matches the session id exactly: no prefix, no other case, no pattern, and none for an unknown or empty id", async () => {
      const sid = `Sid-${uniqueTag()}`
      const exact = await sessionAt("idp-a", sid)
      await sessionAt("idp-a", `${sid}-longer`)
      await sessionAt("idp-a", sid.toLowerCase())
      await sessionAt("idp-a", null)
      expect(await tokensOf(sid, "idp-a")).toEqual([exact.sessionToken])
      expect(await tokensOf(sid.slice(0, -1), "idp-a")).toEqual([])
      expect(await tokensOf(`${sid.slice(0, 4)}%`, "idp-a")).toEqual([])
      expect(await tokensOf(sid.toUpperCase(), "idp-a")).toEqual([])
      expect(await tokensOf(`no-such-sid-${uniqueTag()}`, "idp-a")).toEqual([])
      expect(await tokensOf("", "idp-a")).toEqual([])
    })

    test("hostile session ids and provider ids come back byte for byte, each matching only itself", async () => {
      const tag = uniqueTag()
      const given = []
      for (const text of hostileStrings) given.push(await sessionAt(`${text}-p`, `${text}-${tag}`))
      for (const session of given) {
        const found = await ctx.adapter.listSessionsByProviderSessionId(session.providerSessionId!, session.provider!)
        expect(found.map((s) => s.sessionToken)).toEqual([session.sessionToken])
        expect(found[0]!.providerSessionId).toBe(session.providerSessionId)
        expect(found[0]!.provider).toBe(session.provider)
      }
    })

    test("a deleted session is no longer found", async () => {
      const sid = `sid-${uniqueTag()}`
      const gone = await sessionAt("idp-a", sid)
      const kept = await sessionAt("idp-a", sid)
      await ctx.adapter.deleteSession(gone.sessionToken)
      expect(await tokensOf(sid, "idp-a")).toEqual([kept.sessionToken])
    })
  })
}
