import { runAdapterConformance } from "@gatehouse/adapter-test"
import type pg from "pg"
import { migrate, PostgresAdapter } from "../src/index.js"
import { refuseDeletes } from "./support/refuse-deletes.js"
import { documentedSchema, strictSchema } from "./support/schemas.js"
import { createTemporaryDatabase, postgresInspector, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

/** The same suite on each schema an app may have: the adapter must answer the same on all of them. */
const schemas: { name: string; create: (pool: pg.Pool) => Promise<unknown> }[] = [
  { name: "the schema @auth/pg-adapter documents (no constraints)", create: (pool) => pool.query(documentedSchema) },
  { name: "the strict schema.sql of the Auth.js repository", create: (pool) => pool.query(strictSchema) },
  { name: "a database created by migrate()", create: (pool) => migrate(pool) },
]

for (const [index, schema] of schemas.entries()) {
  let database: TemporaryDatabase
  runAdapterConformance({
    name: `PostgresAdapter on ${schema.name}`,
    setup: async () => {
      database = await createTemporaryDatabase(`conformance${index}`)
      await schema.create(database.pool)
    },
    adapter: () => PostgresAdapter(database.pool),
    inspect: postgresInspector(() => database.pool),
    failDeletes: refuseDeletes(() => database.pool),
    teardown: () => database?.drop(),
  })
}
