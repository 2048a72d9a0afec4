/**
 * Back-channel logout through a database that fails part-way: the real SQLite adapter (a file,
 * as an app has it) with `deleteSession` failing on chosen calls. The first delivery answers 500
 * (the IdP may deliver it again, Back-Channel Logout 1.0 §2.8) with what it could end ended; the
 * retry of the same token ends the rest; a replay after that is refused (400); and no delivery of
 * the token ever ends a session begun after its first delivery. Both session strategies.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import type { Adapter } from "../../packages/core/src/adapters.js"
import type { DevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import {
  backchannelApp,
  idpLogoutToken,
  isSignedIn,
  loggedCodes,
  postLogoutToken,
  signedIn,
  startBackchannelIdp,
} from "./support/backchannel-fixture.js"

let idp: DevIdentityProvider
let folder: string
const opened: Database.Database[] = []

beforeAll(async () => {
  idp = await startBackchannelIdp()
  folder = mkdtempSync(join(tmpdir(), "gatehouse-backchannel-retry-"))
})

afterAll(async () => {
  for (const db of opened) db.close()
  rmSync(folder, { recursive: true, force: true })
  await idp?.close()
})

/** The SQLite adapter on a new database file, its deleteSession failing on the calls numbered in `failing` (1-based). */
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
  const rows = () => db.prepare("SELECT count(*) FROM sessions").pluck().get() as number
  return { adapter: adapter as Adapter, deletes, rows, file }
}

describe.each(["database", "jwt"] as const)("back-channel logout through failing deletes, %s sessions", (strategy) => {
  it("the first delete failing: 500 and a logged BackchannelLogoutFailed; the retry ends every session (200); a replay after that is refused", async () => {
    const { adapter, deletes, rows } = flakyDeletes()
    const app = backchannelApp(idp, adapter, strategy)
    const laptop = await signedIn(app, adapter, "dev-user-1")
    const phone = await signedIn(app, adapter, "dev-user-1")
    const other = await signedIn(app, adapter, "dev-user-2")
    const token = await idpLogoutToken(idp, { sub: "dev-user-1" })

    deletes.failing = new Set([deletes.calls + 1])
    const first = await postLogoutToken(app, token)
    expect(first.status).toBe(500)
    expect(first.headers.get("cache-control")).toContain("no-store")
    expect(await first.json()).toEqual({ error: "server_error" })
    expect(loggedCodes(app)).toEqual(["BackchannelLogoutFailed:end-sessions"])
    // One of the two ended (the failing delete did not stop the other), one is still alive.
    expect([await isSignedIn(laptop.browser), await isSignedIn(phone.browser)].filter(Boolean)).toHaveLength(1)
    expect(rows()).toBe(2)

    const retry = await postLogoutToken(app, token)
    expect(retry.status).toBe(200)
    expect(await isSignedIn(laptop.browser)).toBe(false)
    expect(await isSignedIn(phone.browser)).toBe(false)
    expect(await isSignedIn(other.browser)).toBe(true)
    expect(rows()).toBe(1)

    const replay = await postLogoutToken(app, token)
    expect(replay.status).toBe(400)
    expect(await replay.json()).toEqual({ error: "invalid_request" })
    expect(loggedCodes(app)).toEqual(["BackchannelLogoutFailed:end-sessions", "InvalidLogoutToken:replayed"])
    expect(await isSignedIn(other.browser)).toBe(true)
  })

  it("every delete failing: nothing ends (500); once the database is back, the retry ends them all", async () => {
    const { adapter, deletes, rows } = flakyDeletes()
    const app = backchannelApp(idp, adapter, strategy)
    const laptop = await signedIn(app, adapter, "dev-user-1")
    const phone = await signedIn(app, adapter, "dev-user-1")
    const token = await idpLogoutToken(idp, { sub: "dev-user-1" })
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
    const app = backchannelApp(idp, adapter, strategy)
    await signedIn(app, adapter, "dev-user-1")
    await signedIn(app, adapter, "dev-user-1")
    const token = await idpLogoutToken(idp, { sub: "dev-user-1" })
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

  it("attack: neither the retry nor a replay of the token ends a session the user began after its first delivery", async () => {
    const { adapter, deletes } = flakyDeletes()
    const app = backchannelApp(idp, adapter, strategy)
    const laptop = await signedIn(app, adapter, "dev-user-1")
    const phone = await signedIn(app, adapter, "dev-user-1")
    // The token names the user only (no sid): every session of the user begun with the IdP matches it.
    const token = await idpLogoutToken(idp, { sub: "dev-user-1" })
    deletes.failing = new Set([deletes.calls + 1])
    expect((await postLogoutToken(app, token)).status).toBe(500)

    // The user signs in again (a new IdP session) before the IdP retries.
    const later = await signedIn(app, adapter, "dev-user-1")
    expect((await postLogoutToken(app, token)).status).toBe(200)
    expect(await isSignedIn(laptop.browser)).toBe(false)
    expect(await isSignedIn(phone.browser)).toBe(false)
    expect(await isSignedIn(later.browser)).toBe(true)

    // And again after the retry: a replay finds nothing of the first delivery left, and is refused.
    const evenLater = await signedIn(app, adapter, "dev-user-1")
    expect((await postLogoutToken(app, token)).status).toBe(400)
    expect(await isSignedIn(later.browser)).toBe(true)
    expect(await isSignedIn(evenLater.browser)).toBe(true)
    expect(loggedCodes(app).at(-1)).toBe("InvalidLogoutToken:replayed")
  })

  it("attack: a token delivered in full is refused when replayed, and ends nothing begun since", async () => {
    const { adapter, rows } = flakyDeletes()
    const app = backchannelApp(idp, adapter, strategy)
    const before = await signedIn(app, adapter, "dev-user-1")
    const token = await idpLogoutToken(idp, { sub: "dev-user-1" })
    expect((await postLogoutToken(app, token)).status).toBe(200)
    expect(await isSignedIn(before.browser)).toBe(false)
    const after = await signedIn(app, adapter, "dev-user-1")
    for (let i = 0; i < 3; i++) expect((await postLogoutToken(app, token)).status).toBe(400)
    expect(await isSignedIn(after.browser)).toBe(true)
    expect(rows()).toBe(1)
  })

  it("the store failing to record what the claim covers, and a delete failing: 500 end-sessions-unrecorded, and the retry cannot end that session", async () => {
    const { adapter, deletes, rows } = flakyDeletes()
    const createVerificationToken = adapter.createVerificationToken!.bind(adapter)
    const covers = { failing: false }
    adapter.createVerificationToken = (record) => {
      if (covers.failing && record.identifier.endsWith(":covers")) throw new Error("SQLITE_FULL: database or disk is full")
      return createVerificationToken(record)
    }
    const app = backchannelApp(idp, adapter, strategy)
    const laptop = await signedIn(app, adapter, "dev-user-1")
    const token = await idpLogoutToken(idp, { sub: "dev-user-1" })
    covers.failing = true
    deletes.failing = new Set([deletes.calls + 1])
    expect((await postLogoutToken(app, token)).status).toBe(500)
    expect(loggedCodes(app)).toEqual(["BackchannelLogoutFailed:end-sessions-unrecorded"])
    expect(app.logger.errors[0]!.message).toMatch(/could not be recorded for the provider's retry/)
    // The documented limit of two failures at once: the session lasts until it expires or is revoked.
    expect((await postLogoutToken(app, token)).status).toBe(400)
    expect(await isSignedIn(laptop.browser)).toBe(true)
    expect(rows()).toBe(1)
  })

  it("the retry reaching another instance (its own connection to the database file) ends what the first delivery left", async () => {
    const first = flakyDeletes()
    const appA = backchannelApp(idp, first.adapter, strategy)
    const laptop = await signedIn(appA, first.adapter, "dev-user-1")
    const phone = await signedIn(appA, first.adapter, "dev-user-1")
    const token = await idpLogoutToken(idp, { sub: "dev-user-1" })
    first.deletes.failing = new Set([first.deletes.calls + 2])
    expect((await postLogoutToken(appA, token)).status).toBe(500)
    expect(first.rows()).toBe(1)

    const second = flakyDeletes(first.file)
    const appB = backchannelApp(idp, second.adapter, strategy)
    expect((await postLogoutToken(appB, token)).status).toBe(200)
    expect(first.rows()).toBe(0)
    expect(await isSignedIn(laptop.browser)).toBe(false)
    expect(await isSignedIn(phone.browser)).toBe(false)
    expect((await postLogoutToken(appB, token)).status).toBe(400)
    expect((await postLogoutToken(appA, token)).status).toBe(400)
  })
})
