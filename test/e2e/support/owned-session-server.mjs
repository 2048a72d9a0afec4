/**
 * One instance of a Credentials + JWT app whose `authorize` returns the app's own users (no
 * adapter user), for the multi-process session-management test: its own process, the built
 * packages, and where its sessions are recorded shared with the other instances: a SQLite file,
 * a PostgreSQL database (the adapter's owned_sessions), or Redis alone (no adapter at all).
 * `/auth/*` is Gatehouse; it prints `ready <port>`.
 *
 * Environment: SECRET, RECORDS ("sqlite" | "pg" | "redis"), DB (file path or database name),
 * REDIS_URL, REDIS_PREFIX, CHECK_INTERVAL (seconds).
 */
import { createServer } from "node:http"
import { Auth } from "@gatehouse/core"
import Credentials from "@gatehouse/core/providers/credentials"
import { sendWebResponse, toWebRequest } from "../../../examples/demo/node-request.mjs"

const { SECRET, RECORDS, DB, REDIS_URL, REDIS_PREFIX, CHECK_INTERVAL } = process.env

/** The app's own users, as its own table would hold them: authorize's ids are the app's. */
const appUsers = {
  ada: { id: "app-7", name: "Ada Lovelace", email: "ada@example.test" },
  bob: { id: "app-8", name: "Bob", email: "bob@example.test" },
}

async function recordsConfig() {
  if (RECORDS === "sqlite") {
    const { SQLiteAdapter } = await import("@gatehouse/adapter-sqlite")
    return { adapter: SQLiteAdapter(DB) }
  }
  if (RECORDS === "pg") {
    const { PostgresAdapter } = await import("@gatehouse/adapter-pg")
    const pg = (await import("pg")).default
    const pool = new pg.Pool({ host: "127.0.0.1", port: 5432, user: "postgres", database: DB, max: 4 })
    return { adapter: PostgresAdapter(pool) }
  }
  const { createClient } = await import("redis")
  const { redisSessionStore } = await import("@gatehouse/core/session-stores")
  const client = createClient({ url: REDIS_URL })
  await client.connect()
  return { store: redisSessionStore(client, { prefix: REDIS_PREFIX }) }
}

const { adapter, store } = await recordsConfig()
const config = {
  secret: SECRET,
  trustHost: true,
  basePath: "/auth",
  ...(adapter ? { adapter } : {}),
  session: { strategy: "jwt", revocationCheckInterval: Number(CHECK_INTERVAL ?? 1), ...(store ? { store } : {}) },
  logger: { error: (error) => console.error(`[instance] ${error.type ?? error.name}: ${error.message}`), warn: () => {}, debug: () => {} },
  providers: [
    Credentials({
      credentials: { username: {}, password: {} },
      authorize: ({ username, password }) => (password === "secret" ? (appUsers[username] ?? null) : null),
    }),
  ],
}

let origin = ""
const server = createServer(async (req, res) => {
  const request = await toWebRequest(req, origin)
  return sendWebResponse(res, await Auth(request, config))
})
server.listen(0, "127.0.0.1", () => {
  origin = `http://127.0.0.1:${server.address().port}`
  console.log(`ready ${server.address().port}`)
})
