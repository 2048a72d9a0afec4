import AuthjsPostgresAdapter from "@auth/pg-adapter"
import { runAdapterConformance } from "@gatehouse/adapter-test"
import { migrate, migrations } from "../src/index.js"
import { createTemporaryDatabase, postgresInspector, type TemporaryDatabase } from "@gatehouse/test-kit/temporary-database"

let database: TemporaryDatabase

// The real Auth.js adapter, unchanged, on its own documented schema (migration 1 is that DDL
// verbatim in meaning) with Gatehouse's constraints added by migrate(): it proves the suite
// asks nothing of an adapter that Auth.js's own does not do, and that an Auth.js adapter
// satisfies the Gatehouse contract. It has no authenticator methods and no getAccount, so
// those groups are left out (named in its "capabilities" test). Its ids are SERIAL integers,
// hence idType "string-or-number".
runAdapterConformance({
  name: "@auth/pg-adapter on the Auth.js schema",
  setup: async () => {
    database = await createTemporaryDatabase("authjs")
    await database.pool.query(migrations[0]!.sql)
    await migrate(database.pool)
  },
  adapter: () => AuthjsPostgresAdapter(database.pool),
  inspect: postgresInspector(() => database.pool),
  idType: "string-or-number",
  teardown: () => database?.drop(),
})
