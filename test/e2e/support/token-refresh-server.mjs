/**
 * One instance of an app for the cross-instance token-refresh test: its own process, the built
 * packages, the database named in the environment shared with the other instance. It answers
 * `GET /token` with `getAccessToken(request, config, "dev-oidc")` as JSON, prints `ready <port>`,
 * and `GET /events` lists the refresh events it emitted.
 *
 * Environment: ISSUER, SECRET, DB_KIND ("sqlite" | "pg"), DB (file path or database name).
 */
import { createServer } from "node:http"
import { getAccessToken } from "@gatehouse/core"
import { TokenRefresh } from "@gatehouse/core/token-refresh"

const { ISSUER, SECRET, DB_KIND, DB } = process.env
const events = []

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

const config = {
  secret: SECRET,
  trustHost: true,
  basePath: "/auth",
  adapter: await adapter(),
  session: { strategy: process.env.STRATEGY ?? "database" },
  logger: { error: (error) => events.push({ name: "error", type: error.type ?? error.name }), warn: () => {}, debug: () => {} },
  events: {
    tokenRefreshed: (message) => void events.push({ name: "tokenRefreshed", provider: message.provider }),
    tokenRefreshFailed: (message) => void events.push({ name: "tokenRefreshFailed", refused: message.refused }),
  },
  tokenRefresh: TokenRefresh(),
  providers: [
    {
      id: "dev-oidc",
      name: "Dev IdP",
      type: "oidc",
      issuer: ISSUER,
      clientId: "gatehouse-basic",
      clientSecret: "basic-secret",
      checks: ["pkce", "state", "nonce"],
      tokenRefresh: true,
    },
  ],
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, "http://127.0.0.1")
  if (url.pathname === "/events") {
    res.setHeader("content-type", "application/json")
    res.end(JSON.stringify(events))
    return
  }
  const request = new Request(url, { headers: { cookie: req.headers.cookie ?? "" } })
  const token = await getAccessToken(request, config, "dev-oidc")
  res.setHeader("content-type", "application/json")
  res.end(JSON.stringify(token))
})
server.listen(0, "127.0.0.1", () => console.log(`ready ${server.address().port}`))
