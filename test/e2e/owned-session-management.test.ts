/**
 * Sessions for everyone (issue 35), end to end across three server processes: a Credentials +
 * JWT app whose `authorize` returns the app's own users (no adapter user is ever created; `sub`
 * stays the app's id) with its sessions recorded in a real SQLite file and in a real PostgreSQL
 * database (owned_sessions), and the same app with no adapter at all and only Redis
 * (`redisSessionStore`). Two browsers (two cookie jars) list their sessions and revoke one,
 * others and all; every one of the three instances refuses a revoked session within the
 * `revocationCheckInterval` bound (1 s here).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import Database from "better-sqlite3"
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrate } from "../../packages/adapter-pg/src/index.js"
import { decode } from "../../packages/core/src/jwt.js"
import type { SessionInfo } from "../../packages/core/src/types.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

const secret = "owned-session-management-secret-0123456789"
const sessionCookie = "authjs.session-token"
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"
const intervalMs = 1000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** One browser: a cookie jar sent to every instance (cookies are not per port), like one browser behind a load balancer. */
class Browser {
  readonly cookies = new Map<string, string>()
  constructor(readonly userAgent: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    headers.set("user-agent", this.userAgent)
    if (this.cookies.size > 0) headers.set("cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "))
    const response = await fetch(url, { ...init, headers, redirect: "manual" })
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";")
      const name = pair!.slice(0, pair!.indexOf("="))
      const value = pair!.slice(pair!.indexOf("=") + 1)
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === ""
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  async post(url: string, fields: Record<string, string>): Promise<Response> {
    const { csrfToken } = (await (await this.request(`${new URL(url).origin}/auth/csrf`)).json()) as { csrfToken: string }
    return this.request(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, ...fields }),
    })
  }
}

interface Instance {
  origin: string
  process: ChildProcess
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [join(import.meta.dirname, "support/owned-session-server.mjs")], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const lines = createInterface({ input: child.stdout! })
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`instance exited with ${code}`)))
    lines.on("line", (line) => {
      const ready = /^ready (\d+)$/.exec(line)
      if (ready) resolve(Number(ready[1]))
    })
  })
  return { origin: `http://127.0.0.1:${port}`, process: child }
}

interface Records {
  env: Record<string, string>
  /** How many adapter users exist (none may be created for the app's users); null without a database. */
  adapterUsers(): Promise<number | null>
  close(): Promise<void>
}

const recordKinds: { label: string; open(): Promise<Records> }[] = [
  {
    label: "a SQLite file (owned_sessions)",
    async open() {
      const folder = mkdtempSync(join(tmpdir(), "gatehouse-owned-sessions-"))
      const file = join(folder, "auth.db")
      const { SQLiteAdapter } = await import("../../packages/adapter-sqlite/src/index.js")
      const db = new Database(file)
      SQLiteAdapter(db) // migrates once, before three processes open it
      return {
        env: { RECORDS: "sqlite", DB: file },
        adapterUsers: async () => (db.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n,
        close: async () => {
          db.close()
          rmSync(folder, { recursive: true, force: true })
        },
      }
    },
  },
  {
    label: "PostgreSQL (owned_sessions)",
    async open() {
      const database: TemporaryDatabase = await createTemporaryDatabase("owned_sessions")
      await migrate(database.pool)
      return {
        env: { RECORDS: "pg", DB: database.name },
        adapterUsers: async () => Number((await database.pool.query("SELECT count(*) AS n FROM users")).rows[0].n),
        close: () => database.drop(),
      }
    },
  },
  {
    label: "Redis only (no adapter, redisSessionStore)",
    async open() {
      const prefix = `gatehouse-e2e:owned:${process.pid}:${Date.now()}:`
      return {
        env: { RECORDS: "redis", REDIS_URL: redisUrl, REDIS_PREFIX: prefix },
        adapterUsers: async () => null,
        close: async () => {
          const client = createClient({ url: redisUrl })
          await client.connect()
          const keys = await client.keys(`${prefix}*`)
          if (keys.length) await client.del(keys)
          await client.quit()
        },
      }
    },
  },
]

describe.each(recordKinds)("session management of an app's own users across three processes: $label", (kind) => {
  let records: Records
  let instances: Instance[] = []
  beforeAll(async () => {
    records = await kind.open()
    instances = await Promise.all([0, 1, 2].map(() => startInstance({ SECRET: secret, CHECK_INTERVAL: "1", ...records.env })))
  }, 30_000)
  afterAll(async () => {
    for (const instance of instances) instance.process.kill()
    await records?.close()
  })

  const on = (i: number) => instances[i]!.origin

  async function signIn(userAgent: string, username = "ada", instance = 0): Promise<Browser> {
    const browser = new Browser(userAgent)
    const response = await browser.post(`${on(instance)}/auth/callback/credentials`, { username, password: "secret" })
    expect(response.status).toBe(302)
    expect(response.headers.get("location")).not.toContain("error")
    expect(browser.cookies.has(sessionCookie)).toBe(true)
    return browser
  }

  async function list(browser: Browser, instance: number): Promise<SessionInfo[]> {
    const response = await browser.request(`${on(instance)}/auth/sessions`)
    expect(response.status).toBe(200)
    return (await response.json()) as SessionInfo[]
  }

  /** Whether each instance serves the browser's session (a copy of its cookie: a refusal's clearing must not hide the others' answers). */
  async function servedBy(browser: Browser): Promise<boolean[]> {
    const cookie = browser.cookies.get(sessionCookie)
    if (!cookie) return [false, false, false]
    return Promise.all(
      instances.map(async (instance) => {
        const response = await fetch(`${instance.origin}/auth/session`, { headers: { cookie: `${sessionCookie}=${cookie}` } })
        return (await response.json()) !== null
      }),
    )
  }

  it("two browsers list both sessions from any instance; sub stays the app's id and no adapter user is created", async () => {
    const a = await signIn("Browser A/1.0", "ada", 0)
    const b = await signIn("Browser B/2.0", "ada", 1)
    expect((await list(a, 2)).map((s) => [s.current, s.userAgent, s.provider])).toEqual([
      [true, "Browser A/1.0", "credentials"],
      [false, "Browser B/2.0", "credentials"],
    ])
    expect((await list(b, 0)).map((s) => [s.current, s.userAgent])).toEqual([
      [true, "Browser B/2.0"],
      [false, "Browser A/1.0"],
    ])
    const token = await decode({ token: a.cookies.get(sessionCookie)!, secret, salt: sessionCookie })
    expect(token?.sub).toBe("app-7")
    expect(await records.adapterUsers()).toBe(records.env.RECORDS === "redis" ? null : 0)
    // Another app user's list is theirs alone.
    const bob = await signIn("Bob's", "bob", 2)
    expect((await list(bob, 1)).map((s) => s.userAgent)).toEqual(["Bob's"])
    await bob.post(`${on(0)}/auth/sessions/revoke`, { scope: "all" })
    await a.post(`${on(0)}/auth/sessions/revoke`, { scope: "all" })
  })

  it("A revokes B on one instance: all three refuse B within the bound, A stays everywhere", async () => {
    const a = await signIn("A", "ada", 0)
    const b = await signIn("B", "ada", 1)
    // Every instance has checked B and holds "still there" for up to the interval.
    expect(await servedBy(b)).toEqual([true, true, true])
    const other = (await list(a, 2)).find((s) => !s.current)!
    const revoked = await a.post(`${on(2)}/auth/sessions/revoke`, { sessionId: other.id })
    expect(await revoked.json()).toEqual({ revoked: 1 })
    const started = Date.now()
    // The bound: one interval, plus a little for the answer in flight.
    while ((await servedBy(b)).some(Boolean)) {
      expect(Date.now() - started).toBeLessThan(intervalMs + 500)
      await sleep(100)
    }
    expect(await servedBy(a)).toEqual([true, true, true])
    await a.post(`${on(0)}/auth/sessions/revoke`, { scope: "all" })
  })

  it("scope=others, then scope=all: every instance refuses within the bound, and the list is empty", async () => {
    const a = await signIn("A", "ada", 0)
    const b = await signIn("B", "ada", 1)
    const c = await signIn("C", "ada", 2)
    for (const browser of [a, b, c]) expect(await servedBy(browser)).toEqual([true, true, true])
    expect(await (await a.post(`${on(1)}/auth/sessions/revoke`, { scope: "others" })).json()).toEqual({ revoked: 2 })
    await sleep(intervalMs + 100)
    expect([...(await servedBy(b)), ...(await servedBy(c))]).toEqual([false, false, false, false, false, false])
    expect(await servedBy(a)).toEqual([true, true, true])

    const d = await signIn("D", "ada", 2)
    const saved = { a: a.cookies.get(sessionCookie)!, d: d.cookies.get(sessionCookie)! }
    const all = await d.post(`${on(0)}/auth/sessions/revoke`, { scope: "all" })
    expect(await all.json()).toEqual({ revoked: 2 })
    expect(d.cookies.has(sessionCookie)).toBe(false)
    await sleep(intervalMs + 100)
    a.cookies.set(sessionCookie, saved.a)
    d.cookies.set(sessionCookie, saved.d)
    expect([...(await servedBy(a)), ...(await servedBy(d))]).toEqual([false, false, false, false, false, false])
    expect((await a.request(`${on(1)}/auth/sessions`)).status).toBe(401)
  })

  it("a sign-out on one instance is refused by the other two within the bound (a kept copy of the cookie is dead)", async () => {
    const a = await signIn("A", "ada", 0)
    const copy = a.cookies.get(sessionCookie)!
    expect(await servedBy(a)).toEqual([true, true, true])
    await a.post(`${on(1)}/auth/signout`, {})
    a.cookies.set(sessionCookie, copy)
    await sleep(intervalMs + 100)
    expect(await servedBy(a)).toEqual([false, false, false])
  })
})
