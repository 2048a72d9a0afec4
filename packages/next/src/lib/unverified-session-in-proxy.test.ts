/**
 * Issue 35, hole 8, as the official next-auth example met it: a user who just signed up with a
 * passkey (an unverified address: the token carries the unverified mark) navigates, and the proxy
 * (middleware) reads the session in its own module instance, where the adapter's database cannot
 * be reached (or on the Edge runtime). The read must not need the database: the user stays signed
 * in and the cookie is neither cleared nor replaced by a signed-out answer.
 */
import { NextRequest } from "next/server"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import type { Adapter } from "@gatehouse/core/adapters"
import { withSessionRecords } from "@gatehouse/core/session-records"
import { authorizeRequest } from "./authorize-request.js"
import { credentialsConfig, sessionCookie } from "./test-support/credentials-config.js"

const origin = "http://127.0.0.1:4321"

/**
 * The adapter as the proxy's module instance has it: every database call fails. It records
 * sessions, as the shipped adapters do, so it carries the session-records code like them.
 */
const unreachable = new Proxy(withSessionRecords({}) as Adapter, {
  get: (target, key) =>
    key in target
      ? Reflect.get(target, key)
      : async () => {
          throw new Error("connect ECONNREFUSED 127.0.0.1:5432")
        },
})

describe("the proxy reading a fresh passkey sign-up's JWT without its database (hole 8)", () => {
  beforeEach(() => {
    vi.stubEnv("AUTH_URL", "")
    vi.stubEnv("NEXTAUTH_URL", "")
  })
  afterEach(() => vi.unstubAllEnvs())

  it("lets the signed-up user through a protected route and keeps the session cookie", async () => {
    const errors: unknown[] = []
    const config = credentialsConfig({
      adapter: unreachable,
      session: { strategy: "jwt" },
      logger: { error: (error) => void errors.push(error), warn: () => {}, debug: () => {} },
      callbacks: { authorized: ({ auth }) => Boolean(auth?.user) },
    })
    const cookie = await sessionCookie({
      sub: `passkey-user-${crypto.randomUUID()}`,
      email: "new@example.test",
      name: "New",
      "gatehouse.unverified": { email: "new@example.test" },
    })
    const request = new NextRequest(`${origin}/dashboard`, { headers: { host: "127.0.0.1:4321", "x-forwarded-proto": "http", cookie } })
    const response = await authorizeRequest(request, undefined, config)
    expect(response.headers.get("location")).toBeNull()
    expect(response.headers.get("x-middleware-next")).toBe("1")
    const cleared = response.headers.getSetCookie().filter((line) => line.startsWith("authjs.session-token=;") || /max-age=0/i.test(line))
    expect(cleared).toEqual([])
  })
})
