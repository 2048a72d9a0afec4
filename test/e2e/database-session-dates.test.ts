/**
 * With database sessions, the `session` callback receives the session as the adapter returned it:
 * `expires` is a Date (AdapterSession.expires is typed Date), as Auth.js passes it, so callbacks
 * that call `session.expires.getTime()` work. The `session` event receives what the callback
 * returned, and the JSON answer carries the date as ISO text. On the real SQLite adapter.
 */
import Database from "better-sqlite3"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import type { Adapter } from "../../packages/core/src/adapters.js"
import { Auth } from "../../packages/core/src/handler/auth.js"
import type { AuthConfig, Session } from "../../packages/core/src/types.js"
import { silentLogger } from "@gatehouse/test-kit/credentials-app"

const origin = "http://localhost:3000"
const base = `${origin}/auth`
const secret = "gatehouse-session-dates-test-secret-0123456789"

let db: Database.Database
let adapter: Adapter
beforeAll(() => {
  db = new Database(":memory:")
  adapter = SQLiteAdapter(db)
})
afterAll(() => db.close())

/** A signed-in user: a session row expiring at `expires`, and the cookie carrying its token. */
async function storedSession(expires: Date): Promise<string> {
  const user = await adapter.createUser!({ id: crypto.randomUUID(), email: `${crypto.randomUUID()}@example.test`, emailVerified: null })
  const sessionToken = crypto.randomUUID()
  await adapter.createSession!({ sessionToken, userId: user.id, expires })
  return `authjs.session-token=${sessionToken}`
}

function baseConfig(): AuthConfig {
  return {
    secret,
    trustHost: true,
    basePath: "/auth",
    adapter,
    logger: silentLogger(),
    providers: [],
    session: { maxAge: 30 * 86400, updateAge: 86400 },
  }
}

function app(callbacks: AuthConfig["callbacks"] = {}) {
  const seen: { callback: unknown[]; event: unknown[] } = { callback: [], event: [] }
  const config: AuthConfig = {
    ...baseConfig(),
    callbacks: {
      ...callbacks,
      session(params) {
        seen.callback.push(params.session.expires)
        return callbacks.session ? callbacks.session(params) : params.session
      },
    },
    events: { session: ({ session }) => void seen.event.push(session.expires) },
  }
  return { seen, handle: (request: Request) => Auth(request, config) }
}

describe("database session expiry seen by callbacks and events", () => {
  test("the session callback gets a Date it can compute with; the event gets what the callback returned", async () => {
    // Issued an hour ago: not yet due for extension, so the row's own expiry is what is passed.
    const expires = new Date(Date.now() + 30 * 86400_000 - 3600_000)
    const cookie = await storedSession(expires)
    const { seen, handle } = app({
      session: ({ session }) => ({ ...session, remainingMs: (session.expires as unknown as Date).getTime() - Date.now() }) as Session,
    })

    const response = await handle(new Request(`${base}/session`, { headers: { cookie } }))
    const body = (await response.json()) as { expires: string; remainingMs: number }

    expect(seen.callback).toHaveLength(1)
    expect(seen.callback[0]).toBeInstanceOf(Date)
    expect((seen.callback[0] as Date).getTime()).toBe(expires.getTime())
    expect(seen.event[0]).toBeInstanceOf(Date)
    expect(body.expires).toBe(expires.toISOString())
    expect(body.remainingMs).toBeGreaterThan(29 * 86400_000)
  })

  test("when the read extends the session, the callback gets the new expiry, still a Date", async () => {
    const cookie = await storedSession(new Date(Date.now() + 3 * 86400_000))
    const { seen, handle } = app()
    const before = Date.now()
    const body = (await (await handle(new Request(`${base}/session`, { headers: { cookie } }))).json()) as { expires: string }
    const passed = seen.callback[0] as Date
    expect(passed).toBeInstanceOf(Date)
    expect(passed.getTime()).toBeGreaterThanOrEqual(before + 30 * 86400_000)
    expect(body.expires).toBe(passed.toISOString())
  })

  test("with the default session callback the answer and the event carry ISO text, as Auth.js's do", async () => {
    const expires = new Date(Date.now() + 30 * 86400_000 - 60_000)
    const cookie = await storedSession(expires)
    const events: unknown[] = []
    const response = await Auth(new Request(`${base}/session`, { headers: { cookie } }), {
      ...baseConfig(),
      events: { session: ({ session }) => void events.push(session.expires) },
    })
    expect(((await response.json()) as { expires: string }).expires).toBe(expires.toISOString())
    expect(events).toEqual([expires.toISOString()])
  })
})
