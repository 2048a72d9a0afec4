/**
 * What every session store (`session.store`: memorySessionStore, redisSessionStore) must do, as
 * core relies on it: a record names its owner until it is revoked or expires, listing and
 * revoking stay within one owner, and a revoked record is never brought back.
 */
import { expect, it } from "vitest"
import type { OwnedSession } from "../../core/src/adapters.js"
import type { SessionStore } from "../../core/src/types.js"

let serial = 0
const unique = () => `${process.pid}-${Date.now()}-${++serial}`

function record(ownerKey: string, overrides: Partial<OwnedSession> = {}): OwnedSession {
  return {
    id: `sid-${unique()}`,
    ownerKey,
    expires: new Date(Date.now() + 60_000),
    createdAt: new Date(Date.now() - 1000),
    lastSeenAt: new Date(Date.now() - 1000),
    userAgent: "Browser/1.0",
    provider: "credentials",
    ...overrides,
  }
}

export function sessionStoreContract(storeFor: () => SessionStore): void {
  it("a record round-trips, names its owner, and is listed only under that owner", async () => {
    const store = storeFor()
    const owner = `owner-${unique()}`
    const session = record(owner)
    await store.createOwnedSession(session)
    const listed = await store.listOwnedSessions(owner)
    expect(listed.map((s) => [s.id, s.ownerKey, s.userAgent, s.provider])).toEqual([[session.id, owner, "Browser/1.0", "credentials"]])
    expect(new Date(listed[0]!.expires).getTime()).toBe(session.expires.getTime())
    expect(new Date(listed[0]!.createdAt!).getTime()).toBe(session.createdAt!.getTime())
    expect(await store.ownerOfOwnedSession(session.id)).toBe(owner)
    expect(await store.listOwnedSessions(`owner-${unique()}`)).toEqual([])
    expect(await store.ownerOfOwnedSession(`sid-${unique()}`)).toBeNull()
  })

  it("revoking one: gone at once, reported once", async () => {
    const store = storeFor()
    const owner = `owner-${unique()}`
    const [a, b] = [record(owner), record(owner)]
    await store.createOwnedSession(a)
    await store.createOwnedSession(b)
    expect(await store.revokeOwnedSession(a.id)).toBe(true)
    expect(await store.revokeOwnedSession(a.id)).toBe(false)
    expect(await store.ownerOfOwnedSession(a.id)).toBeNull()
    expect((await store.listOwnedSessions(owner)).map((s) => s.id)).toEqual([b.id])
  })

  it("revoking all, or all but one, counts them and leaves other owners alone", async () => {
    const store = storeFor()
    const owner = `owner-${unique()}`
    const bystander = record(`owner-${unique()}`)
    await store.createOwnedSession(bystander)
    const sessions = [record(owner), record(owner), record(owner)]
    for (const session of sessions) await store.createOwnedSession(session)
    expect(await store.revokeOwnedSessions(owner, { except: sessions[0]!.id })).toBe(2)
    expect((await store.listOwnedSessions(owner)).map((s) => s.id)).toEqual([sessions[0]!.id])
    expect(await store.revokeOwnedSessions(owner)).toBe(1)
    expect(await store.revokeOwnedSessions(owner)).toBe(0)
    expect(await store.revokeOwnedSessions(`owner-${unique()}`, { except: bystander.id })).toBe(0)
    expect(await store.ownerOfOwnedSession(bystander.id)).toBe(bystander.ownerKey)
  })

  it("an expired record has no owner; a touch moves the expiry but never brings a revoked record back", async () => {
    const store = storeFor()
    const owner = `owner-${unique()}`
    // Long enough for a store over HTTP to write and touch it (a handful of round trips) before it lapses.
    const short = record(owner, { expires: new Date(Date.now() + 500) })
    await store.createOwnedSession(short)
    await store.touchOwnedSession?.(short.id, { expires: new Date(Date.now() + 60_000), lastSeenAt: new Date() })
    await new Promise((resolve) => setTimeout(resolve, 700))
    expect(await store.ownerOfOwnedSession(short.id)).toBe(store.touchOwnedSession ? owner : null)
    const revoked = record(owner)
    await store.createOwnedSession(revoked)
    await store.revokeOwnedSession(revoked.id)
    await store.touchOwnedSession?.(revoked.id, { expires: new Date(Date.now() + 60_000), lastSeenAt: new Date() })
    expect(await store.ownerOfOwnedSession(revoked.id)).toBeNull()
    const expired = record(owner, { expires: new Date(Date.now() + 100) })
    await store.createOwnedSession(expired)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await store.ownerOfOwnedSession(expired.id)).toBeNull()
  })
}
