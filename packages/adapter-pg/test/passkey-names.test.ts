/**
 * Passkey names (migration 11) on a database that has not had it: listing works as before (no
 * name), renaming refuses with MigrationRequiredError naming version 11, and once migrate() has
 * run, the same adapter instance names passkeys and lists their names without a restart.
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
