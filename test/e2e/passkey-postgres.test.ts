/**
 * The passkey flows on PostgreSQL (the Gatehouse pg adapter on a throw-away database), so both
 * shipped adapters carry authenticators end to end: sign-up, sign-in, counters, duplicates.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrate, PostgresAdapter } from "../../packages/adapter-pg/src/index.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"
import { base, passkeyApp, type PasskeyApp } from "./support/passkey-app.js"

let database: TemporaryDatabase
let app: PasskeyApp

beforeAll(async () => {
  database = await createTemporaryDatabase("passkeys")
  await migrate(database.pool)
  app = passkeyApp({ adapter: PostgresAdapter(database.pool) })
})

afterAll(async () => {
  await database?.drop()
})

describe("passkeys on PostgreSQL", () => {
  it("registers, signs out, signs back in as the same user, and stores the counter", async () => {
    const browser = app.browser()
    expect((await browser.signUp("pg@example.test")).headers.get("location")).toBe("http://localhost:3000")
    const user = (await app.adapter.getUserByEmail!("pg@example.test"))!
    await browser.signOut()
    expect(await browser.session()).toBeNull()
    // Registered, not yet used to sign in: the account page's dates (migration 12).
    const [registered] = await app.adapter.listAuthenticatorsByUserId!(user.id)
    expect(registered?.createdAt).toBeInstanceOf(Date)
    expect(registered?.lastUsedAt).toBeNull()
    const beforeSignIn = Date.now()
    await browser.signIn()
    await browser.signIn()
    expect((await browser.session())?.user?.email).toBe("pg@example.test")
    const [authenticator] = await app.adapter.listAuthenticatorsByUserId!(user.id)
    expect(authenticator).toMatchObject({ userId: user.id, counter: 2, transports: "internal", credentialBackedUp: true })
    // Each passkey sign-in is its last use.
    expect(authenticator!.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(beforeSignIn - 1000)
    expect((await app.adapter.listAccountsByUserId!(user.id))[0]?.linkedAt).toBeInstanceOf(Date)
  })

  it("refuses a counter going backwards and a second registration of the same credential id", async () => {
    const browser = app.browser()
    await browser.signUp("pg-attack@example.test")
    await browser.signIn()
    await browser.signOut()
    const options = await browser.authenticationOptions()
    const assertion = await browser.authenticator.authenticate(options, { counter: 0 })
    const backwards = await browser.callback("authenticate", assertion)
    expect(backwards.headers.get("location")).toBe(`${base}/error?error=WebAuthnVerificationError`)

    const attacker = app.browser()
    const registration = await attacker.registrationOptions("pg-thief@example.test")
    const forged = await attacker.authenticator.register(registration, { credentialId: browser.authenticator.credentials[0].id })
    const duplicate = await attacker.callback("register", forged)
    expect(duplicate.headers.get("location")).toBe(`${base}/error?error=WebAuthnVerificationError`)
    expect(await attacker.session()).toBeNull()
    expect(await app.adapter.getUserByEmail!("pg-thief@example.test")).toBeNull()
  })
})
