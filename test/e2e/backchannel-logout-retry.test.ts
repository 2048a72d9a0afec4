/**
 * Back-channel logout through a database that fails part-way: the real SQLite adapter (a file,
 * as an app has it) with `deleteSession` failing on chosen calls. The token's jti is claimed only
 * once every session it names has ended, so the first delivery answers 500 (the IdP may deliver it
 * again, Back-Channel Logout 1.0 §2.8) with what it could end ended and nothing claimed; the retry
 * of the same token ends the rest; a replay after that is refused (400); and no delivery of the
 * token ever ends a session begun after it was issued (its `iat`, beyond the clock tolerance).
 * Both session strategies.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
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

const idp = useBackchannelIdp()
let folder: string
const opened: Database.Database[] = []

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "gatehouse-backchannel-retry-"))
})

afterAll(() => {
  for (const db of opened) db.close()
  rmSync(folder, { recursive: true, force: true })
})

/**
 * The SQLite adapter on a new database file, its deleteSession failing on the calls numbered in
 * `failing` (1-based); `lookups` counts the reads that find a token's sessions.
 */
function flakyDeletes(file = join(folder, `${crypto.randomUUID()}.db`)) {
  const db = new Database(file)
  opened.push(db)
  const adapter = SQLiteAdapter(db)
  const deleteSession = adapter.deleteSession!.bind(adapter)
  const deletes = { calls: 0, failing: new Set<number>() }
  adapter.deleteSession = (sessionToken) => {
    deletes.calls++
    if (deletes.failing.has(deletes.calls)) throw new Error("SQLITE_IOERR: disk I/O error")
    return deleteSession(sessionToken)
  }
  const getUserByAccount = adapter.getUserByAccount!.bind(adapter)
  const lookups = { calls: 0 }
  adapter.getUserByAccount = (account) => {
    lookups.calls++
    return getUserByAccount(account)
  }
  const rows = () => db.prepare("SELECT count(*) FROM sessions").pluck().get() as number
  const claims = () => db.prepare("SELECT count(*) FROM verification_tokens WHERE identifier = 'gatehouse:logout-token'").pluck().get()
  return { adapter: adapter as Adapter, db, deletes, lookups, rows, claims, file }
}

/**
 * Makes the sessions signed in so far 3 minutes old, for a token the IdP issued 2 minutes ago
 * (`issuedTwoMinutesAgo`): those began before it; a session signed in now began after it, later
 * than its `iat` plus the 60 s of clock tolerance.
 */
function backdateSessions(db: Database.Database): void {
  db.prepare("UPDATE sessions SET created_at = created_at - 180000").run()
}
const issuedTwoMinutesAgo = () => ({ iat: Math.floor(Date.now() / 1000) - 120 })

describe.each(["database", "jwt"] as const)("back-channel logout through failing deletes, %s sessions", (strategy) => {
  it("the first delete failing: 500 and a logged BackchannelLogoutFailed; the retry ends every session (200); a replay after that is refused before any database work", async () => {
    const { adapter, deletes, lookups, rows, claims } = flakyDeletes()
    const app = backchannelApp(idp(), adapter, strategy)
    const laptop = await signedIn(app, adapter, "dev-user-1")
    const phone = await signedIn(app, adapter, "dev-user-1")
    const other = await signedIn(app, adapter, "dev-user-2")
    const token = await idpLogoutToken(idp(), { sub: "dev-user-1" })

    deletes.failing = new Set([deletes.calls + 1])
    const first = await postLogoutToken(app, token)
    expect(first.status).toBe(500)
    expect(first.headers.get("cache-control")).toContain("no-store")
    expect(await first.json()).toEqual({ error: "server_error" })
    expect(loggedCodes(app)).toEqual(["BackchannelLogoutFailed:end-sessions"])
    // One of the two ended (the failing delete did not stop the other), one is still alive; nothing claimed.
    expect([await isSignedIn(laptop.browser), await isSignedIn(phone.browser)].filter(Boolean)).toHaveLength(1)
    expect(rows()).toBe(2)
    expect(claims()).toBe(0)

    const retry = await postLogoutToken(app, token)
    expect(retry.status).toBe(200)
    expect(await isSignedIn(laptop.browser)).toBe(false)
    expect(await isSignedIn(phone.browser)).toBe(false)
    expect(await isSignedIn(other.browser)).toBe(true)
    expect(rows()).toBe(1)
    expect(claims()).toBe(1)

    const [lookupsBefore, deletesBefore] = [lookups.calls, deletes.calls]
    const replay = await postLogoutToken(app, token)
    expect(replay.status).toBe(400)
    expect(await replay.json()).toEqual({ error: "invalid_request" })
    expect([lookups.calls, deletes.calls]).toEqual([lookupsBefore, deletesBefore])
    expect(loggedCodes(app)).toEqual(["BackchannelLogoutFailed:end-sessions", "InvalidLogoutToken:replayed"])
    expect(await isSignedIn(other.browser)).toBe(true)
  })

  it("every delete failing: nothing ends (500); once the database is back, the retry ends them all", async () => {
    const { adapter, deletes, rows } = flakyDeletes()
    const app = backchannelApp(idp(), adapter, strategy)
    const laptop = await signedIn(app, adapter, "dev-user-1")
    const phone = await signedIn(app, adapter, "dev-user-1")
    const token = await idpLogoutToken(idp(), { sub: "dev-user-1" })
    deletes.failing = new Set([deletes.calls + 1, deletes.calls + 2])
    expect((await postLogoutToken(app, token)).status).toBe(500)
    expect(rows()).toBe(2)
    expect(await isSignedIn(laptop.browser)).toBe(true)
    expect((await postLogoutToken(app, token)).status).toBe(200)
    expect(rows()).toBe(0)
    expect(await isSignedIn(phone.browser)).toBe(false)
  })

  it("the retry failing again keeps what is left for the next retry", async () => {
    const { adapter, deletes, rows } = flakyDeletes()
    const app = backchannelApp(idp(), adapter, strategy)
    await signedIn(app, adapter, "dev-user-1")
    await signedIn(app, adapter, "dev-user-1")
    const token = await idpLogoutToken(idp(), { sub: "dev-user-1" })
    // Delivery 1: the second delete fails. Delivery 2 (one session left): its delete fails too.
    deletes.failing = new Set([deletes.calls + 2, deletes.calls + 3])
    expect((await postLogoutToken(app, token)).status).toBe(500)
    expect(rows()).toBe(1)
    expect((await postLogoutToken(app, token)).status).toBe(500)
    expect(rows()).toBe(1)
    expect((await postLogoutToken(app, token)).status).toBe(200)
    expect(rows()).toBe(0)
    expect(loggedCodes(app)).toEqual(["BackchannelLogoutFailed:end-sessions", "BackchannelLogoutFailed:end-sessions"])
  })

  it("attack: neither the retry nor a replay of the token ends a session the user began after it was issued", async () => {
    const { adapter, db, deletes, rows } = flakyDeletes()
    const app = backchannelApp(idp(), adapter, strategy)
    const laptop = await signedIn(app, adapter, "dev-user-1")
    const phone = await signedIn(app, adapter, "dev-user-1")
    backdateSessions(db)
    // The token names the user only (no sid): every session of the user begun with the IdP matches it.
    const token = await idpLogoutToken(idp(), { sub: "dev-user-1", ...issuedTwoMinutesAgo() })
    deletes.failing = new Set([deletes.calls + 1])
    expect((await postLogoutToken(app, token)).status).toBe(500)

    // The user signs in again (a new IdP session, after the sign-out there) before the IdP retries.
    const later = await signedIn(app, adapter, "dev-user-1")
    expect((await postLogoutToken(app, token)).status).toBe(200)
    expect(await isSignedIn(laptop.browser)).toBe(false)
    expect(await isSignedIn(phone.browser)).toBe(false)
    expect(await isSignedIn(later.browser)).toBe(true)

    // And again after the retry: the replay is refused.
    const evenLater = await signedIn(app, adapter, "dev-user-1")
    expect((await postLogoutToken(app, token)).status).toBe(400)
    expect(await isSignedIn(later.browser)).toBe(true)
    expect(await isSignedIn(evenLater.browser)).toBe(true)
    expect(rows()).toBe(2)
    expect(loggedCodes(app)).toEqual(["BackchannelLogoutFailed:end-sessions", "InvalidLogoutToken:replayed"])
  })

  it("a first delivery ends no session begun after the token was issued, and sessions without createdAt (before the metadata migration) are taken to predate it", async () => {
    const { adapter, db } = flakyDeletes()
    const app = backchannelApp(idp(), adapter, strategy)
    const old = await signedIn(app, adapter, "dev-user-1")
    const unknown = await signedIn(app, adapter, "dev-user-1")
    backdateSessions(db)
    db.prepare("UPDATE sessions SET created_at = NULL WHERE session_token = ?").run(unknown.row.sessionToken)
    const later = await signedIn(app, adapter, "dev-user-1")
    const token = await idpLogoutToken(idp(), { sub: "dev-user-1", ...issuedTwoMinutesAgo() })
    expect((await postLogoutToken(app, token)).status).toBe(200)
    expect(await isSignedIn(old.browser)).toBe(false)
    expect(await isSignedIn(unknown.browser)).toBe(false)
    expect(await isSignedIn(later.browser)).toBe(true)
  })

  it("attack: a token delivered in full is refused when replayed, before any database work, and ends nothing begun since", async () => {
    const { adapter, lookups, rows } = flakyDeletes()
    const app = backchannelApp(idp(), adapter, strategy)
    const before = await signedIn(app, adapter, "dev-user-1")
    const token = await idpLogoutToken(idp(), { sub: "dev-user-1" })
    expect((await postLogoutToken(app, token)).status).toBe(200)
    expect(await isSignedIn(before.browser)).toBe(false)
    // Begun seconds after the token was issued, within the clock tolerance: only the refusal of the replay keeps it.
    const after = await signedIn(app, adapter, "dev-user-1")
    const lookupsBefore = lookups.calls
    for (let i = 0; i < 3; i++) expect((await postLogoutToken(app, token)).status).toBe(400)
    expect(lookups.calls).toBe(lookupsBefore)
    expect(await isSignedIn(after.browser)).toBe(true)
    expect(rows()).toBe(1)
  })

  it("the claim store failing after every session ended: 500 (claim), nothing claimed; the retry finds nothing left, claims the token (200), and replays are refused", async () => {
    const { adapter, rows, claims } = flakyDeletes()
    const createVerificationToken = adapter.createVerificationToken!.bind(adapter)
    const store = { failNext: false }
    adapter.createVerificationToken = (record) => {
      if (store.failNext && record.identifier === "gatehouse:logout-token") {
        store.failNext = false
        throw new Error("SQLITE_FULL: database or disk is full")
      }
      return createVerificationToken(record)
    }
    const revoked: string[][] = []
    const app = backchannelApp(idp(), adapter, strategy, { events: { sessionRevoked: ({ sessionIds }) => void revoked.push(sessionIds) } })
    const laptop = await signedIn(app, adapter, "dev-user-1")
    const token = await idpLogoutToken(idp(), { sub: "dev-user-1" })
    store.failNext = true
    const first = await postLogoutToken(app, token)
    expect(first.status).toBe(500)
    expect(await first.json()).toEqual({ error: "server_error" })
    expect(loggedCodes(app)).toEqual(["BackchannelLogoutFailed:claim"])
    expect(await isSignedIn(laptop.browser)).toBe(false)
    expect(rows()).toBe(0)
    expect(claims()).toBe(0)
    expect(revoked).toHaveLength(1)

    expect((await postLogoutToken(app, token)).status).toBe(200)
    expect(claims()).toBe(1)
    expect(revoked).toHaveLength(1)
    expect((await postLogoutToken(app, token)).status).toBe(400)
    expect(loggedCodes(app)).toEqual(["BackchannelLogoutFailed:claim", "InvalidLogoutToken:replayed"])
  })

  it("two deliveries of one token at the same moment: both end the same sessions and answer 200, one claims it; a replay after is refused", async () => {
    const { adapter, rows, claims } = flakyDeletes()
    // While `overlap.on`, neither delivery deletes before both have found the sessions: they fully overlap.
    const listSessionsByUserId = adapter.listSessionsByUserId!.bind(adapter)
    const overlap = { on: false, arrived: 0, release: () => {} }
    const bothFound = new Promise<void>((resolve) => (overlap.release = resolve))
    adapter.listSessionsByUserId = async (userId) => {
      const found = await listSessionsByUserId(userId)
      if (!overlap.on) return found
      if (++overlap.arrived === 2) overlap.release()
      await bothFound
      return found
    }
    const revoked: string[][] = []
    const app = backchannelApp(idp(), adapter, strategy, { events: { sessionRevoked: ({ sessionIds }) => void revoked.push(sessionIds) } })
    const laptop = await signedIn(app, adapter, "dev-user-1")
    const phone = await signedIn(app, adapter, "dev-user-1")
    const other = await signedIn(app, adapter, "dev-user-2")
    const token = await idpLogoutToken(idp(), { sub: "dev-user-1" })
    overlap.on = true
    const answers = await Promise.all([postLogoutToken(app, token), postLogoutToken(app, token)])
    overlap.on = false
    expect(overlap.arrived).toBe(2)
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(app.logger.errors).toEqual([])
    expect(await isSignedIn(laptop.browser)).toBe(false)
    expect(await isSignedIn(phone.browser)).toBe(false)
    expect(await isSignedIn(other.browser)).toBe(true)
    expect(rows()).toBe(1)
    expect(claims()).toBe(1)
    // Each delivery reports the sessions it deleted: the same two, twice.
    expect(revoked).toHaveLength(2)
    expect(new Set(revoked.map((ids) => [...ids].sort().join()))).toHaveProperty("size", 1)

    expect((await postLogoutToken(app, token)).status).toBe(400)
    expect(loggedCodes(app)).toEqual(["InvalidLogoutToken:replayed"])
  })

  it("the retry reaching another instance (its own connection to the database file) ends what the first delivery left", async () => {
    const first = flakyDeletes()
    const appA = backchannelApp(idp(), first.adapter, strategy)
    const laptop = await signedIn(appA, first.adapter, "dev-user-1")
    const phone = await signedIn(appA, first.adapter, "dev-user-1")
    const token = await idpLogoutToken(idp(), { sub: "dev-user-1" })
    first.deletes.failing = new Set([first.deletes.calls + 2])
    expect((await postLogoutToken(appA, token)).status).toBe(500)
    expect(first.rows()).toBe(1)

    const second = flakyDeletes(first.file)
    const appB = backchannelApp(idp(), second.adapter, strategy)
    expect((await postLogoutToken(appB, token)).status).toBe(200)
    expect(first.rows()).toBe(0)
    expect(await isSignedIn(laptop.browser)).toBe(false)
    expect(await isSignedIn(phone.browser)).toBe(false)
    expect((await postLogoutToken(appB, token)).status).toBe(400)
    expect((await postLogoutToken(appA, token)).status).toBe(400)
  })

  it("attack: a replay reaching an instance that never saw the token (fresh modules) finds nothing begun before it left, ends nothing, and is refused by the claim", async () => {
    const first = flakyDeletes()
    const appA = backchannelApp(idp(), first.adapter, strategy)
    await signedIn(appA, first.adapter, "dev-user-1")
    backdateSessions(first.db)
    const token = await idpLogoutToken(idp(), { sub: "dev-user-1", ...issuedTwoMinutesAgo() })
    expect((await postLogoutToken(appA, token)).status).toBe(200)
    const later = await signedIn(appA, first.adapter, "dev-user-1")

    // Another instance: its own copy of core (its in-process claims know nothing of appA's), its own connection.
    vi.resetModules()
    const fresh = await import("./support/backchannel-fixture.js")
    const second = flakyDeletes(first.file)
    const appB = fresh.backchannelApp(idp(), second.adapter, strategy)
    const replay = await fresh.postLogoutToken(appB, token)
    expect(replay.status).toBe(400)
    expect(fresh.loggedCodes(appB)).toEqual(["InvalidLogoutToken:replayed"])
    // It looked the sessions up (the claim, in the database, is what refused it), and deleted nothing.
    expect(second.lookups.calls).toBe(1)
    expect(second.deletes.calls).toBe(0)
    expect(first.rows()).toBe(1)
    expect(await isSignedIn(later.browser)).toBe(true)
  })
})
