/**
 * Which sessions a logout token finds, on the real SQLite adapter: only those begun before the
 * token was issued, give or take the clock tolerance (the boundary is where a later sign-in at the
 * provider is told apart from a session the user meant to sign out of).
 */
import { SQLiteAdapter } from "../../../adapter-sqlite/src/index.js"
import Database from "better-sqlite3"
import { describe, expect, it } from "vitest"
import type { Adapter } from "../adapters.js"
import { clockToleranceSeconds } from "../oauth/logout-token-timing.js"
import { findProviderSessions, sessionAfterLogoutToleranceSeconds } from "./end-provider-sessions.js"

// Three hours ago: a row the adapter dated itself (now) would be hours after it, never found.
const issuedAt = Math.floor(Date.now() / 1000) - 3 * 3600
const at = (secondsAfterIat: number) => new Date((issuedAt + secondsAfterIat) * 1000)

/** Typed as core holds its (wrapped) adapter; findProviderSessions checks the methods it needs at run time. */
async function userWithSessions(starts: Record<string, Date | null>): Promise<Required<Adapter>> {
  const adapter = SQLiteAdapter(new Database(":memory:"))
  const user = await adapter.createUser!({ id: "", email: "ada@example.test", emailVerified: null })
  await adapter.linkAccount!({ userId: user.id, type: "oidc", provider: "idp", providerAccountId: "sub-1" })
  const expires = new Date(Date.now() + 86_400_000)
  for (const [sessionToken, createdAt] of Object.entries(starts)) {
    await adapter.createSession!({ sessionToken, userId: user.id, expires, createdAt, provider: "idp", providerSessionId: "sid-1" })
  }
  return adapter as Required<Adapter>
}

describe("findProviderSessions: sessions begun after the logout token was issued are not its to end", () => {
  it("uses the logout token checks' clock tolerance", () => {
    expect(sessionAfterLogoutToleranceSeconds).toBe(clockToleranceSeconds)
    expect(sessionAfterLogoutToleranceSeconds).toBe(60)
  })

  it.each([
    ["by sub", { sub: "sub-1" }],
    ["by sub and sid", { sub: "sub-1", sid: "sid-1" }],
    ["by sid alone", { sid: "sid-1" }],
  ])("%s: begun before iat, or up to the tolerance after it, or at an unknown time: found; any later: not", async (_, names) => {
    const adapter = await userWithSessions({
      "an-hour-before": at(-3600),
      "at-iat": at(0),
      "at-the-tolerance": at(sessionAfterLogoutToleranceSeconds),
      "a-second-past-it": at(sessionAfterLogoutToleranceSeconds + 1),
      "an-hour-after": at(3600),
      "before-the-metadata-migration": null,
    })
    const found = await findProviderSessions({ provider: "idp", issuedAt, ...names }, { adapter })
    expect(found.map((session) => session.sessionToken).sort()).toEqual(
      ["an-hour-before", "at-iat", "at-the-tolerance", "before-the-metadata-migration"].sort(),
    )
  })

  it("a row whose createdAt is no readable date (a third-party adapter's) counts as begun before: found", async () => {
    const adapter = await userWithSessions({ "unreadable-start": at(3600), "an-hour-after": at(3600) })
    const listed = adapter.listSessionsByUserId.bind(adapter)
    adapter.listSessionsByUserId = async (userId: string) =>
      (await listed(userId)).map((session) =>
        session.sessionToken === "unreadable-start" ? { ...session, createdAt: "not a date" as unknown as Date } : session,
      )
    const found = await findProviderSessions({ provider: "idp", issuedAt, sub: "sub-1" }, { adapter })
    expect(found.map((session) => session.sessionToken)).toEqual(["unreadable-start"])
  })
})

describe("findProviderSessions by sub: only the sessions signed in through that account", () => {
  /** Ada with two accounts at one provider (sub-a, sub-b), a session through each, and one recording no account. */
  async function adaWithTwoAccounts() {
    const adapter = SQLiteAdapter(new Database(":memory:"))
    const ada = await adapter.createUser!({ id: "", email: "ada@example.test", emailVerified: null })
    for (const sub of ["sub-a", "sub-b"])
      await adapter.linkAccount!({ userId: ada.id, type: "oidc", provider: "idp", providerAccountId: sub })
    const expires = new Date(Date.now() + 86_400_000)
    const sessions = { "through-a": "sub-a", "through-b": "sub-b", "recording-no-account": null }
    for (const [sessionToken, providerAccountId] of Object.entries(sessions)) {
      await adapter.createSession!({ sessionToken, userId: ada.id, expires, createdAt: at(-60), provider: "idp", providerAccountId })
    }
    return adapter as Required<Adapter>
  }

  it.each([
    ["sub-a", ["recording-no-account", "through-a"]],
    ["sub-b", ["recording-no-account", "through-b"]],
  ])("%s: its own sessions, and those recording no account (begun before the account was recorded)", async (sub, expected) => {
    const found = await findProviderSessions({ provider: "idp", issuedAt, sub }, { adapter: await adaWithTwoAccounts() })
    expect(found.map((session) => session.sessionToken).sort()).toEqual(expected)
  })

  it("an account the user does not hold at the provider finds nothing, whatever the rows record", async () => {
    const adapter = await adaWithTwoAccounts()
    expect(await findProviderSessions({ provider: "idp", issuedAt, sub: "sub-c" }, { adapter })).toEqual([])
  })
})
