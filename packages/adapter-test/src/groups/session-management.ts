import { describe, expect, test } from "vitest"
import type { AdapterSession, NewAdapterSession } from "@gatehouse/core/adapters"
import type { SuiteContext } from "../context.js"
import { dateFromNow, hostileStrings, uniqueTag } from "../fixtures.js"

const day = 86_400_000

function newSessionToken(): string {
  return `${crypto.randomUUID()}-${uniqueTag()}`
}

/** A session with every metadata field set, as core writes it at a sign-in. */
function sessionWithMetadata(userId: string, overrides: Partial<NewAdapterSession> = {}): NewAdapterSession {
  return {
    sessionToken: newSessionToken(),
    userId,
    expires: dateFromNow(30 * day),
    createdAt: dateFromNow(-60_000),
    lastSeenAt: dateFromNow(-1000),
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    provider: "test-idp",
    providerSessionId: `sid-${uniqueTag()}`,
    providerAccountId: `sub-${uniqueTag()}`,
    ...overrides,
  }
}

/**
 * Session management beyond Auth.js: `listSessionsByUserId` and `deleteSessionsByUserId`, and the
 * session metadata that adapters with them keep (createdAt, lastSeenAt, userAgent, provider,
 * providerSessionId, providerAccountId). Core lists a user's devices and revokes them through
 * these, and back-channel logout finds the sessions a provider ends.
 */
export function registerSessionManagementTests(ctx: SuiteContext): void {
  /** Every metadata field of `actual` holds what was given (dates as Date objects, the same instant). */
  function expectMetadata(actual: AdapterSession | undefined, expected: NewAdapterSession): void {
    expect(actual, "session").toBeTruthy()
    const session = actual as AdapterSession
    expect(session.sessionToken).toBe(expected.sessionToken)
    ctx.expectSameId(session.userId, expected.userId)
    ctx.expectDate(session.expires, expected.expires)
    ctx.expectDateOrNull(session.createdAt, expected.createdAt ?? null)
    ctx.expectDateOrNull(session.lastSeenAt, expected.lastSeenAt ?? null)
    expect(session.userAgent ?? null, "userAgent").toBe(expected.userAgent ?? null)
    expect(session.provider ?? null, "provider").toBe(expected.provider ?? null)
    expect(session.providerSessionId ?? null, "providerSessionId").toBe(expected.providerSessionId ?? null)
    expect(session.providerAccountId ?? null, "providerAccountId").toBe(expected.providerAccountId ?? null)
  }

  async function listed(userId: string): Promise<Map<string, AdapterSession>> {
    const sessions = await ctx.adapter.listSessionsByUserId(userId)
    expect(Array.isArray(sessions)).toBe(true)
    return new Map(sessions.map((session) => [session.sessionToken, session]))
  }

  /** A user with `n` sessions (each with metadata); returns the user id and the tokens. */
  async function userWithSessions(n: number): Promise<{ userId: string; tokens: string[] }> {
    const userId = String((await ctx.createUser()).id)
    const tokens: string[] = []
    for (let i = 0; i < n; i++) tokens.push((await ctx.adapter.createSession(sessionWithMetadata(userId))).sessionToken)
    return { userId, tokens }
  }

  describe("session management (listSessionsByUserId, deleteSessionsByUserId, session metadata)", () => {
    test("the metadata given to createSession round-trips through getSessionAndUser and listSessionsByUserId", async () => {
      const userId = String((await ctx.createUser()).id)
      const session = sessionWithMetadata(userId)
      await ctx.adapter.createSession(session)
      expectMetadata((await ctx.adapter.getSessionAndUser(session.sessionToken))?.session, session)
      const sessions = await ctx.adapter.listSessionsByUserId(userId)
      expect(sessions).toHaveLength(1)
      expectMetadata(sessions[0], session)
    })

    test("hostile and 512-character user agents, provider session ids and account ids come back byte for byte", async () => {
      const userId = String((await ctx.createUser()).id)
      const given = [...hostileStrings, "Mozilla/5.0 (X11) ".repeat(40).slice(0, 512)].map((text) =>
        sessionWithMetadata(userId, {
          userAgent: text,
          providerSessionId: `${text}-${uniqueTag()}`,
          provider: text,
          providerAccountId: `${text}-${uniqueTag()}`,
        }),
      )
      for (const session of given) await ctx.adapter.createSession(session)
      const byToken = await listed(userId)
      expect(byToken.size).toBe(given.length)
      for (const session of given) expectMetadata(byToken.get(session.sessionToken), session)
    })

    test("the account a session was signed in through (providerAccountId) is kept per session: two accounts of one provider, one user", async () => {
      // Back-channel logout by `sub` ends only the sessions of the account it names: a row must
      // keep its own account, not the user's or the provider's, whatever else it shares.
      const userId = String((await ctx.createUser()).id)
      const tag = uniqueTag()
      const first = sessionWithMetadata(userId, {
        provider: "test-idp",
        providerSessionId: `sid-${tag}`,
        providerAccountId: `sub-a-${tag}`,
      })
      const second = sessionWithMetadata(userId, {
        provider: "test-idp",
        providerSessionId: `sid-${tag}`,
        providerAccountId: `sub-b-${tag}`,
      })
      const unknown = sessionWithMetadata(userId, { provider: "test-idp", providerAccountId: null })
      for (const session of [first, second, unknown]) await ctx.adapter.createSession(session)
      const byToken = await listed(userId)
      for (const session of [first, second, unknown]) expectMetadata(byToken.get(session.sessionToken), session)
      for (const session of [first, second, unknown]) {
        expectMetadata((await ctx.adapter.getSessionAndUser(session.sessionToken))?.session, session)
      }
      if (ctx.has("sessionsByProviderSession")) {
        const bySid = await ctx.adapter.listSessionsByProviderSessionId(`sid-${tag}`, "test-idp")
        expect(new Map(bySid.map((session) => [session.sessionToken, session.providerAccountId ?? null]))).toEqual(
          new Map([
            [first.sessionToken, first.providerAccountId],
            [second.sessionToken, second.providerAccountId],
          ]),
        )
      }
    })

    test("a session created without metadata lists with every metadata field null or absent", async () => {
      const userId = String((await ctx.createUser()).id)
      const session = { sessionToken: newSessionToken(), userId, expires: dateFromNow(day) }
      await ctx.adapter.createSession(session)
      expectMetadata((await listed(userId)).get(session.sessionToken), session)
      expectMetadata((await ctx.adapter.getSessionAndUser(session.sessionToken))?.session, session)
    })

    test("updateSession moves lastSeenAt when given and keeps it, and the other metadata, otherwise", async () => {
      const userId = String((await ctx.createUser()).id)
      const session = sessionWithMetadata(userId)
      await ctx.adapter.createSession(session)
      const seen = dateFromNow(5000)
      const extended = dateFromNow(40 * day)
      await ctx.adapter.updateSession({ sessionToken: session.sessionToken, expires: extended, lastSeenAt: seen })
      expectMetadata((await listed(userId)).get(session.sessionToken), { ...session, expires: extended, lastSeenAt: seen })
      // An Auth.js-style update (no lastSeenAt) leaves it as it was.
      const later = dateFromNow(50 * day)
      await ctx.adapter.updateSession({ sessionToken: session.sessionToken, expires: later })
      expectMetadata((await ctx.adapter.getSessionAndUser(session.sessionToken))?.session, { ...session, expires: later, lastSeenAt: seen })
    })

    test("updateSession moves authenticatedAt and authenticationMethods when given (a step-up) and keeps them otherwise", async () => {
      const userId = String((await ctx.createUser()).id)
      const signedIn = dateFromNow(-3600_000)
      const session = sessionWithMetadata(userId, { authenticatedAt: signedIn, authenticationMethods: ["pwd"] })
      await ctx.adapter.createSession(session)
      const stepUp = dateFromNow(0)
      const updated = await ctx.adapter.updateSession({
        sessionToken: session.sessionToken,
        authenticatedAt: stepUp,
        authenticationMethods: ["pwd", "otp", "mfa"],
      })
      // Core reads the answer to tell an adapter that recorded the step-up from one that ignored it.
      ctx.expectDate(updated?.authenticatedAt, stepUp)
      const read = (await ctx.adapter.getSessionAndUser(session.sessionToken))?.session
      ctx.expectDate(read?.authenticatedAt, stepUp)
      expect(read?.authenticationMethods).toEqual(["pwd", "otp", "mfa"])
      expectMetadata(read, session)
      // A read's update (expiry, lastSeenAt) leaves them as they were.
      await ctx.adapter.updateSession({ sessionToken: session.sessionToken, expires: dateFromNow(40 * day), lastSeenAt: dateFromNow(0) })
      const later = (await listed(userId)).get(session.sessionToken)
      ctx.expectDate(later?.authenticatedAt, stepUp)
      expect(later?.authenticationMethods).toEqual(["pwd", "otp", "mfa"])
    })

    test("listSessionsByUserId returns every session of the user, expired ones included, and no one else's", async () => {
      const { userId, tokens } = await userWithSessions(2)
      const expired = sessionWithMetadata(userId, { expires: dateFromNow(-day) })
      await ctx.adapter.createSession(expired)
      const other = await userWithSessions(1)
      const byToken = await listed(userId)
      expect([...byToken.keys()].sort()).toEqual([...tokens, expired.sessionToken].sort())
      expectMetadata(byToken.get(expired.sessionToken), expired)
      for (const session of byToken.values()) ctx.expectSameId(session.userId, userId)
      expect([...(await listed(other.userId)).keys()]).toEqual(other.tokens)
    })

    test("listSessionsByUserId of a user without sessions, or of no user, is empty", async () => {
      const userId = String((await ctx.createUser()).id)
      expect(await ctx.adapter.listSessionsByUserId(userId)).toEqual([])
      expect(await ctx.adapter.listSessionsByUserId("987654321")).toEqual([])
      expect(await ctx.adapter.listSessionsByUserId(`no-such-user-${uniqueTag()}`)).toEqual([])
    })

    test("deleteSessionsByUserId deletes every session of the user, returns how many, and leaves other users alone", async () => {
      const { userId, tokens } = await userWithSessions(3)
      const bystander = await userWithSessions(2)
      expect(await ctx.adapter.deleteSessionsByUserId(userId)).toBe(3)
      for (const token of tokens) expect(await ctx.adapter.getSessionAndUser(token)).toBeNull()
      expect(await ctx.adapter.listSessionsByUserId(userId)).toEqual([])
      expect(await ctx.count("sessions", userId)).toBe(ctx.inspect ? 0 : undefined)
      expect([...(await listed(bystander.userId)).keys()].sort()).toEqual([...bystander.tokens].sort())
      for (const token of bystander.tokens) expect(await ctx.adapter.getSessionAndUser(token)).toBeTruthy()
      // The user stays: only its sessions went.
      ctx.expectSameId((await ctx.adapter.getUser(userId))?.id, userId)
      expect(await ctx.adapter.deleteSessionsByUserId(userId)).toBe(0)
    })

    test("deleteSessionsByUserId with `except` keeps that session only, and counts the others", async () => {
      const { userId, tokens } = await userWithSessions(3)
      const [kept, ...doomed] = tokens as [string, ...string[]]
      const expiredOne = sessionWithMetadata(userId, { expires: dateFromNow(-day) })
      await ctx.adapter.createSession(expiredOne)
      expect(await ctx.adapter.deleteSessionsByUserId(userId, { except: kept })).toBe(3)
      expect([...(await listed(userId)).keys()]).toEqual([kept])
      for (const token of [...doomed, expiredOne.sessionToken]) expect(await ctx.adapter.getSessionAndUser(token)).toBeNull()
      expect(await ctx.adapter.getSessionAndUser(kept)).toBeTruthy()
      expect(await ctx.adapter.deleteSessionsByUserId(userId, { except: kept })).toBe(0)
      expect(await ctx.adapter.deleteSessionsByUserId(userId, {})).toBe(1)
      expect(await ctx.adapter.getSessionAndUser(kept)).toBeNull()
    })

    test("`except` naming another user's session neither spares nor deletes anything of that user", async () => {
      const victim = await userWithSessions(1)
      const { userId, tokens } = await userWithSessions(2)
      expect(await ctx.adapter.deleteSessionsByUserId(userId, { except: victim.tokens[0] })).toBe(2)
      for (const token of tokens) expect(await ctx.adapter.getSessionAndUser(token)).toBeNull()
      expect(await ctx.adapter.getSessionAndUser(victim.tokens[0]!)).toBeTruthy()
    })

    test("deleteSessionsByUserId of no user deletes nothing and returns 0", async () => {
      const bystander = await userWithSessions(1)
      const before = await ctx.count("sessions")
      expect(await ctx.adapter.deleteSessionsByUserId("987654321")).toBe(0)
      expect(await ctx.adapter.deleteSessionsByUserId(`no-such-user-${uniqueTag()}`, { except: bystander.tokens[0] })).toBe(0)
      expect(await ctx.count("sessions")).toBe(before)
      expect(await ctx.adapter.getSessionAndUser(bystander.tokens[0]!)).toBeTruthy()
    })

    test("hostile session tokens are matched exactly by `except`", async () => {
      const userId = String((await ctx.createUser()).id)
      const tokens = hostileStrings.map((text) => `${text}-${uniqueTag()}`)
      for (const sessionToken of tokens) await ctx.adapter.createSession(sessionWithMetadata(userId, { sessionToken }))
      const kept = tokens[3]!
      expect(await ctx.adapter.deleteSessionsByUserId(userId, { except: kept })).toBe(tokens.length - 1)
      expect([...(await listed(userId)).keys()]).toEqual([kept])
    })

    if (ctx.has("deleteUser")) {
      test("deleteUser leaves the user no sessions to list", async () => {
        const { userId } = await userWithSessions(2)
        await ctx.adapter.deleteUser(userId)
        expect(await ctx.adapter.listSessionsByUserId(userId)).toEqual([])
        expect(await ctx.count("sessions", userId)).toBe(ctx.inspect ? 0 : undefined)
      })
    }
  })
}
