/**
 * A second instance of the account test app: its own process, the built packages, the same
 * PostgreSQL database and secret, JWT sessions checked against their records every REVOCATION_CHECK
 * seconds, with the account endpoints: where a copied cookie, or a second use of a mail's link, would be tried.
 * Prints `ready <port>`.
 *
 * Environment: ORIGIN, SECRET, DB (PostgreSQL database name), REVOCATION_CHECK (seconds).
 */
import { createServer } from "node:http"
import { Auth } from "@gatehouse/core"
import { Account } from "@gatehouse/core/account"
import Password from "@gatehouse/core/providers/password"
import { PostgresAdapter } from "@gatehouse/adapter-pg"
import pg from "pg"
import { sendWebResponse, toWebRequest } from "../../../examples/demo/node-request.mjs"

const { ORIGIN, SECRET, DB, REVOCATION_CHECK } = process.env
const pool = new pg.Pool({ host: process.env.PGHOST ?? "127.0.0.1", user: process.env.PGUSER ?? "postgres", database: DB, max: 4 })

const config = {
  secret: SECRET,
  trustHost: true,
  basePath: "/auth",
  adapter: PostgresAdapter(pool),
  session: { strategy: "jwt", revocationCheckInterval: Number(REVOCATION_CHECK) },
  account: Account(),
  providers: [Password({ hashing: { ln: 10, r: 8, p: 1, keyLength: 32 }, send: async () => {} })],
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
}

const server = createServer(async (req, res) => sendWebResponse(res, await Auth(await toWebRequest(req, ORIGIN), config)))
server.listen(0, "127.0.0.1", () => console.log(`ready ${server.address().port}`))
