/**
 * A sign-out whose row the database refuses to delete is remembered for the user's next listing
 * (sessions/unfinished-sign-outs.ts). With database sessions the remembered value is the cookie
 * itself, which the attacker chooses: one NUL byte (`%00`, decoded by the cookie parser) makes
 * PostgreSQL refuse the DELETE, so every sign-out POST with a fresh, long cookie was kept in memory
 * for good (no row ever matches it), up to 10 000 entries of the request's whole header size.
 * What is kept per sign-out must not grow with what the attacker sends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { PostgresAdapter, migrate } from "../../packages/adapter-pg/src/index.js"
import { unfinishedSignOutStats } from "../../packages/core/src/sessions/unfinished-sign-outs.js"
import { base, browserFor, credentialsConfig } from "@gatehouse/test-kit/credentials-app"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

let database: TemporaryDatabase
beforeAll(async () => {
  database = await createTemporaryDatabase("unfinished_sign_outs")
  await migrate(database.pool)
})
afterAll(() => database?.drop())

describe("sign-outs the database refuses, with database sessions on PostgreSQL", () => {
  it("a NUL byte in a long session cookie is refused by the database, and what is remembered of it stays small", async () => {
    const config = credentialsConfig({ adapter: PostgresAdapter(database.pool), session: { strategy: "database" } })
    const before = unfinishedSignOutStats()
    const attempts = 50
    for (let i = 0; i < attempts; i++) {
      const browser = browserFor(config)
      browser.cookies.set("authjs.session-token", `${i}-${"x".repeat(12_000)}%00`)
      const response = await browser.post(`${base}/signout`, {}, base)
      // Sign-out still answers as always (the cookie cleared, the refusal logged).
      expect(response.status).toBe(302)
      expect(response.headers.getSetCookie().some((c) => /^authjs\.session-token=;.*Max-Age=0/i.test(c))).toBe(true)
    }
    const errors = (config.logger as unknown as { errors: Error[] }).errors
    expect(errors.filter((error) => /SignOutError/.test(`${(error as { type?: string }).type ?? error.name}`))).toHaveLength(attempts)
    const after = unfinishedSignOutStats()
    expect(after.entries - before.entries).toBeLessThanOrEqual(attempts)
    // A digest's worth per entry at most, not the 12 kB the attacker sent.
    expect((after.chars - before.chars) / attempts).toBeLessThanOrEqual(64)
  })
})
