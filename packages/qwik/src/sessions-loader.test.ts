/**
 * `useSessions` as Qwik City runs a route loader (its QRL called with the request event): the work is
 * core's `listSessions(…, { withCookies: true })`, the sessions live in a real SQLite database, and
 * whatever cookie core re-issues or clears must reach the browser through Qwik's `event.cookie`.
 * Qwik City's package needs its build-time route plan to load, so its `routeLoaderQrl` is stood in
 * for by one of the same shape (the loader keeps its QRL as `__qrl`, which Qwik City's request
 * handler calls with the event); the QRL itself is Qwik's real `inlinedQrl`.
 */
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import type { OwnedSessionMethods } from "@gatehouse/core/adapters"
import { decode, encode } from "@gatehouse/core/jwt"
import Credentials from "@gatehouse/core/providers/credentials"
import { memorySessionStore } from "@gatehouse/core/session-stores"
import type { JWT } from "@gatehouse/core/types"
import { describe, expect, it, vi } from "vitest"
import { SESSION_KEY } from "./request-hook.js"
import { createSessionsLoader } from "./sessions-loader.js"
import type { QwikAuthConfig, SessionInfo } from "./types.js"

vi.mock("@builder.io/qwik-city", () => ({
  routeLoaderQrl: (loaderQrl: unknown) => Object.assign(() => undefined, { __brand: "server_loader", __qrl: loaderQrl }),
}))

const secret = "a-test-secret-that-is-long-enough-0123456789"
const cookieName = "authjs.session-token"
function inOneDay(): Date {
  return new Date(Date.now() + 86_400_000)
}

/** An app's jwt callback that changes the token on every read. */
function countReads({ token }: { token: JWT }): JWT {
  return { ...token, reads: ((token.reads as number | undefined) ?? 0) + 1 }
}

function configWith(extra: Partial<QwikAuthConfig>): QwikAuthConfig {
  return {
    secret,
    trustHost: true,
    adapter: SQLiteAdapter(":memory:"),
    providers: [Credentials({ credentials: { username: {} }, authorize: () => null })],
    logger: { error: () => {}, warn: () => {} },
    ...extra,
  }
}

type Written = { value: string; options: Record<string, unknown> }

/**
 * Runs the loader for a page request sending `cookie`, after the request hook found someone signed in
 * (it leaves the session in the shared map). Returns what the loader answered and what it wrote.
 */
async function runLoader(config: QwikAuthConfig, cookie: string) {
  const written = new Map<string, Written>()
  const event = {
    url: new URL("http://app.test/devices"),
    request: new Request("http://app.test/devices", { headers: { cookie, "user-agent": "Laptop browser" } }),
    env: { get: () => undefined },
    cookie: { set: (name: string, value: string, options: Record<string, unknown>) => void written.set(name, { value, options }) },
    sharedMap: new Map<string, unknown>([[SESSION_KEY, { user: { name: "Someone" }, expires: inOneDay().toISOString() }]]),
    headers: new Headers(),
  }
  const loader = createSessionsLoader((async () => config) as never) as unknown as {
    __qrl: { call(context: unknown, event: unknown): Promise<SessionInfo[] | null> }
  }
  const sessions = await loader.__qrl.call(event, event)
  return { sessions, written, headers: event.headers }
}

/** A user with two database sessions; the browser holds the first. */
async function twoDatabaseSessions(config: QwikAuthConfig) {
  const adapter = config.adapter!
  const user = await adapter.createUser!({ id: crypto.randomUUID(), email: "two@example.test", emailVerified: null })
  const here = await adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: user.id, expires: inOneDay() })
  await adapter.createSession!({ sessionToken: crypto.randomUUID(), userId: user.id, expires: inOneDay() })
  return { here, cookie: `${cookieName}=${here.sessionToken}` }
}

describe("useSessions", () => {
  it("lists the user's sessions, this browser's current, and writes no cookie when nothing changed", async () => {
    const config = configWith({ session: { strategy: "database" } })
    const { here, cookie } = await twoDatabaseSessions(config)
    const { sessions, written } = await runLoader(config, cookie)
    expect(sessions).toHaveLength(2)
    expect(sessions!.filter((session) => session.current)).toHaveLength(1)
    expect(JSON.stringify(sessions)).not.toContain(here.sessionToken)
    expect([...written.keys()]).toEqual([])
  })

  it("stores what the app's jwt callback changed in the session's token (JWT sessions)", async () => {
    const config = configWith({ session: { strategy: "jwt" }, callbacks: { jwt: countReads } })
    const token = await encode({ token: { sub: "someone", reads: 1 }, secret, salt: cookieName })
    const { written, headers } = await runLoader(config, `${cookieName}=${token}`)
    // The page that carries the new cookie is kept out of shared caches.
    expect(headers.get("cache-control")).toBe("private, no-store")
    const reissued = written.get(cookieName)
    expect(reissued?.value).toBeTruthy()
    expect((await decode({ token: reissued!.value, secret, salt: cookieName }))?.reads).toBe(2)
    expect(reissued!.options).toMatchObject({ path: "/", httpOnly: true, sameSite: "lax" })
  })

  it("clears the cookie of a session that ended after the request hook read it, and lists nothing", async () => {
    const config = configWith({ session: { strategy: "database" } })
    const { here, cookie } = await twoDatabaseSessions(config)
    await config.adapter!.deleteSession!(here.sessionToken)
    const { sessions, written } = await runLoader(config, cookie)
    expect(sessions).toBeNull()
    const cleared = written.get(cookieName)
    expect(cleared?.value).toBe("")
    expect(cleared!.options.maxAge as number).toBeLessThanOrEqual(0)
  })
})

/** Records a JWT session of user "42" under `ownerKey`; returns the cookie value a browser holding it sends. */
async function recordedSession(records: OwnedSessionMethods, ownerKey: string, mark: Record<string, string>, id: string) {
  await records.createOwnedSession({ id, ownerKey, expires: inOneDay(), createdAt: new Date(), provider: "credentials" })
  return encode({ token: { sub: "42", name: "Ada", "gatehouse.sid": id, ...mark }, secret, salt: cookieName })
}

/**
 * Issue 35's sessions for everyone through the same loader: a Credentials + JWT app's own user
 * (owner `app:credentials:42`, recorded in the SQLite adapter's owned_sessions; the token is marked
 * as the credentials provider's) and a JWT app with no adapter, only `session.store`.
 */
describe.each([
  {
    label: "the app's own users (Credentials + JWT, SQLite owned_sessions)",
    make: () => {
      const adapter = SQLiteAdapter(":memory:")
      const config = configWith({ adapter, session: { strategy: "jwt" } })
      return {
        config,
        records: adapter as unknown as OwnedSessionMethods,
        ownerKey: "app:credentials:42",
        mark: { "gatehouse.credentials": "credentials" },
      }
    },
  },
  {
    label: "no adapter, session.store",
    make: () => {
      const store = memorySessionStore()
      const config = configWith({ adapter: undefined, session: { strategy: "jwt", store } })
      return { config, records: store, ownerKey: "42", mark: {} }
    },
  },
])("useSessions for $label", ({ make }) => {
  it("lists the user's recorded sessions with this browser's current; a revoked one is gone from the list", async () => {
    const { config, records, ownerKey, mark } = make()
    const [hereId, thereId] = [crypto.randomUUID().replaceAll("-", ""), crypto.randomUUID().replaceAll("-", "")]
    const here = await recordedSession(records, ownerKey, mark, hereId)
    await recordedSession(records, ownerKey, mark, thereId)
    const { sessions } = await runLoader(config, `${cookieName}=${here}`)
    expect(sessions!.map((session) => session.current).sort()).toEqual([false, true])
    expect(JSON.stringify(sessions)).not.toContain(here)

    await records.revokeOwnedSession(thereId)
    expect((await runLoader(config, `${cookieName}=${here}`)).sessions).toHaveLength(1)
  })
})
