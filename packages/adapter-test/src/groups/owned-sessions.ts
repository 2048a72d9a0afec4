import { describe, expect, test } from "vitest"
import type { OwnedSession } from "@gatehouse/core/adapters"
import type { SuiteContext } from "../context.js"
import { dateFromNow, hostileStrings, uniqueTag } from "../fixtures.js"

const day = 86_400_000

/** An owner key as core makes them for an app's own user: `app:<provider>:<authorize's id>`. */
function appOwner(): string {
  return `app:credentials:${uniqueTag()}`
}

function ownedSession(ownerKey: string, overrides: Partial<OwnedSession> = {}): OwnedSession {
  return {
    id: `${crypto.randomUUID().replaceAll("-", "")}`,
    ownerKey,
    expires: dateFromNow(30 * day),
    createdAt: dateFromNow(-60_000),
    lastSeenAt: dateFromNow(-1000),
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0",
    provider: "credentials",
    ...overrides,
  }
}

/**
 * Owned sessions beyond Auth.js (issue 35): JWT sessions of owners the adapter does not hold as
 * users (a Credentials `authorize` returning the app's own users), recorded by owner key so that
 * they can be listed and revoked. Deleting a record is the revocation: `ownerOfOwnedSession` must
 * answer null from then on, on every connection.
 */
export function registerOwnedSessionTests(ctx: SuiteContext): void {
  const adapter = () => ctx.adapter

  async function ownerWith(n: number): Promise<{ ownerKey: string; ids: string[] }> {
    const ownerKey = appOwner()
    const ids: string[] = []
    for (let i = 0; i < n; i++) {
      const session = ownedSession(ownerKey)
      await adapter().createOwnedSession(session)
      ids.push(session.id)
    }
    return { ownerKey, ids }
  }

  describe("owned sessions (createOwnedSession, listOwnedSessions, revokeOwnedSession(s), ownerOfOwnedSession)", () => {
    test("a record round-trips with its metadata, and names its owner", async () => {
      const ownerKey = appOwner()
      const session = ownedSession(ownerKey)
      await adapter().createOwnedSession(session)
      const [listed, ...rest] = await adapter().listOwnedSessions(ownerKey)
      expect(rest).toEqual([])
      expect(listed!.id).toBe(session.id)
      expect(listed!.ownerKey).toBe(ownerKey)
      ctx.expectDate(listed!.expires, session.expires)
      ctx.expectDateOrNull(listed!.createdAt, session.createdAt ?? null)
      ctx.expectDateOrNull(listed!.lastSeenAt, session.lastSeenAt ?? null)
      expect(listed!.userAgent).toBe(session.userAgent)
      expect(listed!.provider).toBe("credentials")
      expect(await adapter().ownerOfOwnedSession(session.id)).toBe(ownerKey)
    })

    test("needs no adapter user: an owner key that is no user id, or equals one, is only that owner's", async () => {
      const user = await ctx.createUser()
      const sameText = String(user.id)
      const session = ownedSession(sameText)
      await adapter().createOwnedSession(session)
      expect((await adapter().listOwnedSessions(sameText)).map((s) => s.id)).toEqual([session.id])
      // The adapter user's own sessions are not these.
      if (ctx.has("sessionManagement")) expect(await ctx.adapter.listSessionsByUserId(sameText)).toEqual([])
    })

    test("missing metadata reads as null; an unknown id or owner has nothing", async () => {
      const ownerKey = appOwner()
      const session = { id: `bare-${uniqueTag()}`, ownerKey, expires: dateFromNow(day) }
      await adapter().createOwnedSession(session)
      const [listed] = await adapter().listOwnedSessions(ownerKey)
      expect(listed!.createdAt ?? null).toBeNull()
      expect(listed!.userAgent ?? null).toBeNull()
      expect(await adapter().listOwnedSessions(appOwner())).toEqual([])
      expect(await adapter().ownerOfOwnedSession(`no-such-${uniqueTag()}`)).toBeNull()
    })

    test("revokeOwnedSession deletes one record, says whether there was one, and its owner is gone at once", async () => {
      const { ownerKey, ids } = await ownerWith(2)
      expect(await adapter().revokeOwnedSession(ids[0]!)).toBe(true)
      expect(await adapter().ownerOfOwnedSession(ids[0]!)).toBeNull()
      expect(await adapter().revokeOwnedSession(ids[0]!)).toBe(false)
      expect((await adapter().listOwnedSessions(ownerKey)).map((s) => s.id)).toEqual([ids[1]])
    })

    test("revokeOwnedSessions ends all the owner's records, or all but `except`, counts them, and leaves other owners alone", async () => {
      const victim = await ownerWith(2)
      const { ownerKey, ids } = await ownerWith(3)
      expect(await adapter().revokeOwnedSessions(ownerKey, { except: ids[1] })).toBe(2)
      expect((await adapter().listOwnedSessions(ownerKey)).map((s) => s.id)).toEqual([ids[1]])
      expect(await adapter().revokeOwnedSessions(ownerKey)).toBe(1)
      expect(await adapter().listOwnedSessions(ownerKey)).toEqual([])
      expect(await adapter().revokeOwnedSessions(ownerKey)).toBe(0)
      // `except` naming another owner's record protects nothing and touches nothing of theirs.
      expect(await adapter().revokeOwnedSessions(appOwner(), { except: victim.ids[0] })).toBe(0)
      expect((await adapter().listOwnedSessions(victim.ownerKey)).length).toBe(2)
    })

    test("an expired record has no owner (the revocation check refuses it), though it may still be listed", async () => {
      const ownerKey = appOwner()
      const session = ownedSession(ownerKey, { expires: dateFromNow(-1000) })
      await adapter().createOwnedSession(session)
      expect(await adapter().ownerOfOwnedSession(session.id)).toBeNull()
    })

    test("touchOwnedSession (when present) moves the expiry and last-seen time of that record only", async () => {
      if (typeof adapter().touchOwnedSession !== "function") return
      const { ownerKey, ids } = await ownerWith(2)
      const expires = dateFromNow(60 * day)
      const lastSeenAt = dateFromNow(0)
      await adapter().touchOwnedSession!(ids[0]!, { expires, lastSeenAt })
      const byId = new Map((await adapter().listOwnedSessions(ownerKey)).map((s) => [s.id, s]))
      ctx.expectDate(byId.get(ids[0]!)!.expires, expires)
      ctx.expectDateOrNull(byId.get(ids[0]!)!.lastSeenAt, lastSeenAt)
      expect(new Date(byId.get(ids[1]!)!.expires).getTime()).toBeLessThan(expires.getTime())
      // A revoked record is not brought back by a late touch.
      await adapter().revokeOwnedSession(ids[1]!)
      await adapter().touchOwnedSession!(ids[1]!, { expires, lastSeenAt })
      expect(await adapter().ownerOfOwnedSession(ids[1]!)).toBeNull()
    })

    test("hostile owner keys and ids are stored and matched as text, never as patterns", async () => {
      for (const hostile of hostileStrings) {
        const ownerKey = `app:credentials:${hostile}`
        const session = ownedSession(ownerKey, { id: `${uniqueTag()}${hostile}`.slice(0, 200), userAgent: hostile })
        await adapter().createOwnedSession(session)
        expect((await adapter().listOwnedSessions(ownerKey)).map((s) => s.id)).toContain(session.id)
        expect(await adapter().ownerOfOwnedSession(session.id)).toBe(ownerKey)
        expect(await adapter().listOwnedSessions("app:credentials:%")).toEqual([])
      }
    })
  })
}
