/**
 * Better Auth CVE-2025-61928: an endpoint took `userId` from the body when no session was
 * present and acted for that user. Gatehouse's only endpoint that takes data for an existing
 * session is the update (POST /session); here it is sent identities, signed out and signed in,
 * with JWT and database sessions. Who the session belongs to never comes from the body.
 */
import Database from "better-sqlite3"
import { describe, expect, it } from "vitest"
import { SQLiteAdapter } from "../../packages/adapter-sqlite/src/index.js"
import { Auth } from "../../packages/core/src/handler/auth.js"
import { base, browserFor, credentialsConfig, signInAsAda } from "@gatehouse/test-kit/credentials-app"
import type { AuthConfig } from "../../packages/core/src/types.js"

const forgedIdentity = {
  userId: "victim-id",
  sub: "victim-id",
  id: "victim-id",
  user: { id: "victim-id", email: "victim@example.test", name: "Victim" },
  email: "victim@example.test",
  sessionToken: "victim-session",
}

function setups(): [string, () => { config: AuthConfig; sessions: () => number }][] {
  return [
    ["JWT sessions", () => ({ config: credentialsConfig(), sessions: () => 0 })],
    [
      "database sessions",
      () => {
        const db = new Database(":memory:")
        const config = credentialsConfig({ adapter: SQLiteAdapter(db), session: { strategy: "database" } })
        return { config, sessions: () => db.prepare("SELECT count(*) FROM sessions").pluck().get() as number }
      },
    ],
  ]
}

describe.each(setups())("%s", (_, setup) => {
  it("an update without a session, carrying someone's identity, creates nothing and answers null", async () => {
    const { config, sessions } = setup()
    const browser = browserFor(config)
    const csrfToken = await browser.csrfToken(base)
    for (const body of [JSON.stringify({ csrfToken, ...forgedIdentity }), JSON.stringify({ csrfToken, data: forgedIdentity })]) {
      const response = await browser.fetch(`${base}/session`, { method: "POST", headers: { "content-type": "application/json" }, body })
      expect(await response.json()).toBeNull()
      expect(response.headers.getSetCookie().some((c) => c.includes("session-token=") && !/Max-Age=0/i.test(c))).toBe(false)
    }
    expect(sessions()).toBe(0)
    expect(browser.cookies.has("authjs.session-token")).toBe(false)
  })

  it("a signed-in update carrying another identity leaves the session its owner's", async () => {
    const { config } = setup()
    const browser = browserFor(config)
    await signInAsAda(browser)
    const before = await (await browser.fetch(`${base}/session`)).json()
    const csrfToken = await browser.csrfToken(base)
    const updated = await browser.fetch(`${base}/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: forgedIdentity, ...forgedIdentity }),
    })
    const after = await updated.json()
    expect(after.user).toEqual(before.user)
    expect(JSON.stringify(after)).not.toContain("victim")
    expect((await (await browser.fetch(`${base}/session`)).json()).user).toEqual(before.user)
  })

  it("identity fields beside the credentials change nothing: authorize alone decides who signs in", async () => {
    const { config } = setup()
    const browser = browserFor(config)
    const failed = await browser.post(
      `${base}/callback/credentials`,
      {
        username: "mallory",
        password: "x",
        ...Object.fromEntries(Object.entries(forgedIdentity).filter(([, v]) => typeof v === "string")),
      },
      base,
    )
    expect(failed.headers.get("location")).toContain("error=CredentialsSignin")
    expect(await (await Auth(new Request(`${base}/session`, { headers: { cookie: browser.cookieHeader() } }), config)).json()).toBeNull()
  })
})
