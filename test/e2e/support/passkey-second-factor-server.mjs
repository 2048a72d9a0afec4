/**
 * A second instance of the passkey-as-second-factor test app in its own process, on the built
 * packages and the database named in the environment (shared with the test's own instance).
 * Prints `ready <port>`.
 *
 * Environment: DB_KIND ("sqlite" | "pg"), DB (file path or database name).
 */
import { createServer } from "node:http"
import { Auth } from "@gatehouse/core"
import Credentials from "@gatehouse/core/providers/credentials"
import Passkey from "@gatehouse/core/providers/passkey"
import { SecondFactor } from "@gatehouse/core/second-factor"
import { sendWebResponse, toWebRequest } from "../../../examples/demo/node-request.mjs"
import { passkeySecondFactorConfig } from "./passkey-second-factor-app.mjs"

const { DB_KIND, DB } = process.env

async function adapter() {
  if (DB_KIND === "sqlite") {
    const { SQLiteAdapter } = await import("@gatehouse/adapter-sqlite")
    return SQLiteAdapter(DB)
  }
  const { PostgresAdapter } = await import("@gatehouse/adapter-pg")
  const pg = (await import("pg")).default
  const pool = new pg.Pool({
    host: process.env.PGHOST ?? "127.0.0.1",
    port: Number(process.env.PGPORT ?? 5432),
    user: process.env.PGUSER ?? "postgres",
    database: DB,
    max: 4,
  })
  return PostgresAdapter(pool)
}

const config = passkeySecondFactorConfig(
  await adapter(),
  { Credentials, Passkey, SecondFactor },
  { logger: { error: () => {}, warn: () => {}, debug: () => {} } },
)
let origin = ""
const server = createServer(async (req, res) => sendWebResponse(res, await Auth(await toWebRequest(req, origin), config)))
server.listen(0, "127.0.0.1", () => {
  const { port } = server.address()
  origin = `http://127.0.0.1:${port}`
  console.log(`ready ${port}`)
})
