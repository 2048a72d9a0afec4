/**
 * An existing Auth.js adapter plugged into Gatehouse unchanged: the real `@auth/pg-adapter` on
 * the exact schema Auth.js documents for it (SERIAL integer ids, no extra constraints), driven
 * through OIDC sign-in at the dev IdP, session reads, a second sign-in, sign-out, the jwt
 * strategy and credentials.
 */
import AuthjsPostgresAdapter from "@auth/pg-adapter"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { decode } from "../../packages/core/src/jwt.js"
import Credentials from "../../packages/core/src/providers/credentials.js"
import { migrations } from "../../packages/adapter-pg/src/index.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"
import { appOrigin, browserFor, landing, loggedTypes, secret, signInThroughIdp, useDevIdp } from "./oauth-app.js"
import {
  databaseApp,
  readSession,
  sessionCookieName,
  sessionTokenOf,
  signInWithCredentials,
  signOut,
} from "./support/database-session-app.js"
import { postgresRows } from "./support/session-databases.js"

const idp = useDevIdp()
let database: TemporaryDatabase
let rows: ReturnType<typeof postgresRows>

beforeAll(async () => {
  database = await createTemporaryDatabase("e2e_authjs")
  // Version 1 is the @auth/pg-adapter schema as Auth.js documents it; nothing of Gatehouse's on top.
  await database.pool.query(migrations[0]!.sql)
  rows = postgresRows(database.pool)
})
afterAll(async () => {
  await database?.drop()
})
beforeEach(async () => {
  await rows.reset()
})

describe("@auth/pg-adapter, unchanged, under Gatehouse", () => {
  it("OIDC sign-in, session read, a second sign-in and sign-out", async () => {
    const app = databaseApp(AuthjsPostgresAdapter(database.pool), idp().issuer)
    const browser = browserFor({ [appOrigin]: app })
    const { response } = await signInThroughIdp(browser, "dev-oidc")
    expect(response.headers.get("location")).toBe(landing)
    expect(loggedTypes(app)).toEqual([])

    const token = sessionTokenOf(browser)!
    expect(token.split(".")).toHaveLength(1)
    const row = (await rows.sessionRow(token))!
    expect(row.userId).toMatch(/^\d+$/) // SERIAL
    expect(await rows.count("users")).toBe(1)
    expect(await rows.accountOwners("dev-oidc")).toEqual([row.userId])
    expect(app.events.of("signIn")[0].isNewUser).toBe(true)

    const { body } = await readSession(browser)
    expect(body.user).toMatchObject({ name: "Dev User", email: "dev@example.test" })
    expect(String(body.user.id)).toBe(row.userId)
    expect(body.expires).toBe(row.expires.toISOString())

    await signInThroughIdp(browser, "dev-oidc")
    const second = sessionTokenOf(browser)!
    expect(second).not.toBe(token)
    expect(await rows.sessionRow(token)).toBeNull()
    expect((await rows.sessionRow(second))!.userId).toBe(row.userId)
    expect(await rows.count("users")).toBe(1)
    expect(app.events.of("signIn")[1].isNewUser).toBe(false)

    const out = await signOut(browser)
    expect(out.status).toBe(302)
    expect(await rows.sessionRow(second)).toBeNull()
    // The event carries what deleteSession returned: this adapter returns nothing (as under Auth.js).
    expect(app.events.of("signOut")).toEqual([{ session: undefined }])
    expect(sessionTokenOf(browser)).toBeUndefined()
    expect((await readSession(browser)).body).toBeNull()
    expect(loggedTypes(app)).toEqual([])
  })

  it("updateAge: an aged session is extended once, an expired one deleted", async () => {
    const app = databaseApp(AuthjsPostgresAdapter(database.pool), idp().issuer)
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    const token = sessionTokenOf(browser)!
    const aged = new Date(Date.now() + 29 * 86_400_000 - 60_000)
    await rows.setSessionExpires(token, aged)
    await readSession(browser)
    expect((await rows.sessionRow(token))!.expires.valueOf()).toBeGreaterThan(aged.valueOf() + 86_400_000)

    await rows.setSessionExpires(token, new Date(Date.now() - 1000))
    expect((await readSession(browser)).body).toBeNull()
    expect(await rows.sessionRow(token)).toBeNull()
  })

  it("jwt strategy: the user in the database, sub the SERIAL id as a string", async () => {
    const app = databaseApp(AuthjsPostgresAdapter(database.pool), idp().issuer, { session: { strategy: "jwt" } })
    const browser = browserFor({ [appOrigin]: app })
    await signInThroughIdp(browser, "dev-oidc")
    const [userId] = await rows.accountOwners("dev-oidc")
    expect(await rows.count("sessions")).toBe(0)
    const token = await decode({ token: sessionTokenOf(browser)!, secret, salt: sessionCookieName })
    expect(token!.sub).toBe(userId)
    expect(typeof token!.sub).toBe("string")
    expect((await readSession(browser)).body.user.email).toBe("dev@example.test")
  })

  it("credentials with database sessions, authorize returning the database's own (numeric) id (authorizeReturnsAdapterUserId)", async () => {
    const adapter = AuthjsPostgresAdapter(database.pool)
    const existing = await adapter.createUser!({ id: "", name: "Known", email: "known@example.test", emailVerified: null })
    const app = databaseApp(adapter, idp().issuer, {
      providers: [
        Credentials({
          credentials: { email: {}, password: {} },
          authorize: async (c: Record<string, unknown>) => (c.password === "right" ? adapter.getUserByEmail!(String(c.email)) : null),
          authorizeReturnsAdapterUserId: true,
        } as any),
      ],
    })
    const browser = browserFor({ [appOrigin]: app })
    await signInWithCredentials(browser, { email: "known@example.test", password: "right" })
    expect((await rows.sessionRow(sessionTokenOf(browser)!))!.userId).toBe(String(existing.id))
    expect((await readSession(browser)).body.user.email).toBe("known@example.test")
    expect(await rows.count("users")).toBe(1)
    expect(loggedTypes(app)).toEqual([])
  })
})
