import { describe, expect, it } from "vitest"
import type { Adapter, AdapterSession, AdapterUser } from "../adapters.js"
import { Auth } from "../index.js"

const user: AdapterUser = { id: "u1", name: "Ada", email: "ada@example.test", emailVerified: null }
const session: AdapterSession = { sessionToken: "opaque-token", userId: "u1", expires: new Date(Date.now() + 86_400_000) }

/** Only what a session read touches; a real adapter is exercised in test/e2e/database-sessions. */
const adapter: Adapter = {
  getSessionAndUser: async (token) => (token === session.sessionToken ? { session, user } : null),
  updateSession: async () => session,
  deleteSession: async () => null,
  createUser: async (u) => u,
  getUser: async () => user,
  getUserByEmail: async () => null,
  getUserByAccount: async () => null,
  updateUser: async (u) => ({ ...user, ...u }),
  linkAccount: async () => undefined,
  createSession: async (s) => s,
}

describe("database session reads", () => {
  it("never hand the session token to page scripts, even when the session callback returns it", async () => {
    const response = await Auth(
      new Request("http://localhost:3000/auth/session", { headers: { cookie: `authjs.session-token=${session.sessionToken}` } }),
      {
        secret: "database-session-test-secret-0123456789",
        trustHost: true,
        adapter,
        providers: [],
        callbacks: { session: ({ session }) => session },
      },
    )
    const body = await response.text()
    expect(JSON.parse(body)).toMatchObject({ userId: "u1", user: { email: "ada@example.test" } })
    expect(body).not.toContain("opaque-token")
  })
})
