import { runAdapterConformance } from "@gatehouse/adapter-test"
import { migrate, PostgresAdapter } from "../src/index.js"
import { refuseDeletes } from "./support/refuse-deletes.js"
import { createTemporaryDatabase, postgresInspector, type TemporaryDatabase } from "./support/temporary-database.js"

let database: TemporaryDatabase

runAdapterConformance({
  name: "PostgresAdapter on a database created by migrate()",
  setup: async () => {
    database = await createTemporaryDatabase("conformance")
    await migrate(database.pool)
  },
  adapter: () => PostgresAdapter(database.pool),
  inspect: postgresInspector(() => database.pool),
  failDeletes: refuseDeletes(() => database.pool),
  teardown: () => database?.drop(),
})
