/**
 * Passkey names (migration 11) and the account page's dates (migration 12) on a database that has
 * had neither: listing and counting work as before (no name, no dates), renaming refuses with
 * MigrationRequiredError naming version 11, and once migrate() has run, the same adapter instance
 * names passkeys and records dates without a restart; the rows from before keep null dates.
 */
import { afterAll, expect, test } from "vitest"
import { migrate, MigrationRequiredError, PostgresAdapter } from "../src/index.js"
import { strictSchema } from "./support/schemas.js"
import { createTemporaryDatabase, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

let database: TemporaryDatabase | undefined
afterAll(() => database?.drop())

test("renaming needs migration 11; after migrate() the running adapter names and lists", async () => {
  database = await createTemporaryDatabase("passkey_names")
  await database.pool.query(strictSchema)
  const adapter = PostgresAdapter(database.pool)
  const user = await adapter.createUser!({ id: "", email: `names-${crypto.randomUUID()}@example.test`, emailVerified: null })
  await adapter.linkAccount!({ userId: user.id, type: "webauthn", provider: "passkey", providerAccountId: "cred-1" })
  await adapter.createAuthenticator!({
    userId: user.id,
    providerAccountId: "cred-1",
    credentialID: "cred-1",
    credentialPublicKey: "key",
    counter: 0,
    credentialBackedUp: false,
    credentialDeviceType: "singleDevice",
  })
  const before = await adapter.listAuthenticatorsByUserId!(user.id)
  expect(before.map((a) => a.credentialID)).toEqual(["cred-1"])
  expect(before[0]!.name ?? null).toBeNull()
  const refused = await Promise.resolve(adapter.renameAuthenticator!(user.id, "cred-1", "Laptop")).catch((error: unknown) => error)
  expect(refused).toBeInstanceOf(MigrationRequiredError)
  expect((refused as MigrationRequiredError).version).toBe(11)

  await migrate(database.pool)
  expect((await adapter.renameAuthenticator!(user.id, "cred-1", "Laptop"))?.name).toBe("Laptop")
  expect((await adapter.listAuthenticatorsByUserId!(user.id))[0]?.name).toBe("Laptop")
})

test("dates need migration 12: before it, none and nothing fails; after it, new rows and sign-ins are dated, old rows stay null", async () => {
  const dated = await createTemporaryDatabase("account_dates")
  try {
    await dated.pool.query(strictSchema)
    const unmigrated = PostgresAdapter(dated.pool)
    const user = await unmigrated.createUser!({ id: "", email: `dates-${crypto.randomUUID()}@example.test`, emailVerified: null })
    const passkey = (credentialID: string) => ({
      userId: user.id,
      providerAccountId: credentialID,
      credentialID,
      credentialPublicKey: "key",
      counter: 0,
      credentialBackedUp: false,
      credentialDeviceType: "singleDevice",
    })
    await unmigrated.linkAccount!({ userId: user.id, type: "oidc", provider: "idp", providerAccountId: "old" })
    await unmigrated.createAuthenticator!(passkey("old-cred"))
    expect((await unmigrated.updateAuthenticatorCounter!("old-cred", 1)).counter).toBe(1)
    expect((await unmigrated.listAccountsByUserId!(user.id))[0]?.linkedAt ?? null).toBeNull()
    const [before] = await unmigrated.listAuthenticatorsByUserId!(user.id)
    expect([before?.createdAt ?? null, before?.lastUsedAt ?? null]).toEqual([null, null])

    await migrate(dated.pool)
    // A running instance looks again within 30 s (column-presence.ts); a new one at once.
    const adapter = PostgresAdapter(dated.pool)
    const start = Date.now()
    await adapter.linkAccount!({ userId: user.id, type: "oidc", provider: "idp", providerAccountId: "new" })
    await adapter.createAuthenticator!(passkey("new-cred"))
    await adapter.updateAuthenticatorCounter!("new-cred", 1)
    const end = Date.now()
    const within = (date: Date | null | undefined) => !!date && date.getTime() >= start - 1000 && date.getTime() <= end + 1000
    const accounts = await adapter.listAccountsByUserId!(user.id)
    expect(accounts.find((a) => a.providerAccountId === "old")?.linkedAt).toBeNull()
    expect(within(accounts.find((a) => a.providerAccountId === "new")?.linkedAt)).toBe(true)
    const passkeys = await adapter.listAuthenticatorsByUserId!(user.id)
    const old = passkeys.find((a) => a.credentialID === "old-cred")
    const fresh = passkeys.find((a) => a.credentialID === "new-cred")
    expect([old?.createdAt, old?.lastUsedAt]).toEqual([null, null])
    expect(within(fresh?.createdAt)).toBe(true)
    expect(within(fresh?.lastUsedAt)).toBe(true)
    // The passkey from before the migration: its next sign-in is dated, its registration stays unknown.
    await adapter.updateAuthenticatorCounter!("old-cred", 2)
    const reused = (await adapter.listAuthenticatorsByUserId!(user.id)).find((a) => a.credentialID === "old-cred")
    expect(reused?.createdAt).toBeNull()
    expect(reused?.lastUsedAt).toBeInstanceOf(Date)
  } finally {
    await dated.drop()
  }
})
