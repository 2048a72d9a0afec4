// The load-test server: a plain Node server in front of `Auth`, on SQLite or PostgreSQL, with
// credentials sign-in and database (or JWT) sessions. It listens on 127.0.0.1 only, prints
// `{"port": N}` on its first stdout line, and serves two test-only endpoints:
//   GET  /__stats   memory after a full GC, request and error counts by status and error type
//   POST /__rotate  body = a new secret: from now on [new, ...old] (the rotation under test)
// Environment: DB=sqlite|pg, SQLITE_FILE, PG_DATABASE, PGHOST/PGPORT, SESSION=database|jwt, SECRET.
// As one instance of several behind a load balancer (test/load/multi-instance.mjs):
//   PUBLIC_ORIGIN  the origin every instance serves (what the balancer's clients see)
//   MAIL_SINK      e-mail provider on: sign-in mails ({ identifier, url, code }) are POSTed there
//   PASSKEYS=1     the Passkey provider on
//   REDIS_URL      a shared Redis: the rate limiter's store (per-account budget on the "email"
//                  field, ACCOUNT_LIMIT attempts per 10 minutes; with IP_LIMIT also per X-Real-IP), which also claims passkey challenges;
//                  its keys under REDIS_PREFIX
//   REVOCATION_CHECK_INTERVAL  session.revocationCheckInterval (seconds) for JWT sessions
//   ADAPTER_USERS=1  `authorize` returns the adapter's user for the name (made on first sign-in), with
//                  authorizeReturnsAdapterUserId: JWT sessions are then recorded and can be revoked
import { createServer } from "node:http"
import { Auth } from "@gatehouse/core"
import Credentials from "@gatehouse/core/providers/credentials"
import Email from "@gatehouse/core/providers/email"
import Passkey from "@gatehouse/core/providers/passkey"
import { redisRateLimitStore } from "@gatehouse/core/ratelimit"
import { sendWebResponse, toWebRequest } from "../../examples/demo/node-request.mjs"

const db = process.env.DB ?? "sqlite"
const strategy = process.env.SESSION ?? "database"
let secrets = [process.env.SECRET ?? "load-test-secret-load-test-secret-000001"]

async function openAdapter() {
  if (db === "sqlite") {
    const { SQLiteAdapter } = await import("@gatehouse/adapter-sqlite")
    return { adapter: SQLiteAdapter(process.env.SQLITE_FILE), close: async () => {} }
  }
  const pg = (await import("pg")).default
  const { PostgresAdapter, migrate } = await import("@gatehouse/adapter-pg")
  const pool = new pg.Pool({
    host: process.env.PGHOST ?? "127.0.0.1",
    port: Number(process.env.PGPORT ?? 5432),
    user: process.env.PGUSER ?? "postgres",
    database: process.env.PG_DATABASE,
    max: 10,
    connectionTimeoutMillis: 2000,
  })
  await migrate(pool)
  return { adapter: PostgresAdapter(pool), close: () => pool.end() }
}

const { adapter, close } = await openAdapter()

/** Errors the handler logged, by type and by the type of their cause (AdapterError under SessionTokenError, say). */
const errors = {}
const statuses = {}
let requests = 0
const logger = {
  error(error) {
    const type = error.type ?? error.name
    const cause = error.cause?.err
    const key = cause ? `${type} ← ${cause.type ?? cause.name}` : type
    errors[key] = (errors[key] ?? 0) + 1
  },
  warn() {},
  debug() {},
}

/** Users sign in with their name and the password `pw-<name>`; the user id is stable per name. */
const credentials = Credentials({
  credentials: { username: {}, password: {} },
  ...(process.env.ADAPTER_USERS ? { authorizeReturnsAdapterUserId: true } : {}),
  async authorize({ username, password }) {
    if (typeof username !== "string" || password !== `pw-${username}`) return null
    const user = { id: `load-${username}`, name: username, email: `${username}@load.test` }
    return process.env.ADAPTER_USERS ? adapterUserFor(user) : user
  },
})

/** The adapter's user with this address, created on first use (another instance may create it at the same moment). */
async function adapterUserFor(user) {
  const found = await adapter.getUserByEmail(user.email)
  if (found) return found
  try {
    return await adapter.createUser({ ...user, id: crypto.randomUUID(), emailVerified: null })
  } catch (error) {
    const raced = await adapter.getUserByEmail(user.email)
    if (raced) return raced
    throw error
  }
}

/** The app's own mail function, as with an HTTP mail API: here the test's sink stands in for it. */
const email = process.env.MAIL_SINK
  ? Email({
      async sendVerificationRequest({ identifier, url, code }) {
        const response = await fetch(process.env.MAIL_SINK, { method: "POST", body: JSON.stringify({ identifier, url, code }) })
        if (!response.ok) throw new Error(`mail sink answered ${response.status}`)
      },
    })
  : undefined

/**
 * node-redis without its offline queue: while Redis is away a command fails at once (the limiter
 * lets the attempt through and logs; a passkey claim fails closed) instead of waiting for it.
 */
async function openRedis() {
  if (!process.env.REDIS_URL) return undefined
  const { createClient } = await import("redis")
  const client = createClient({
    url: process.env.REDIS_URL,
    disableOfflineQueue: true,
    socket: { connectTimeout: 1000, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 500) },
  })
  client.on("error", () => {})
  await client.connect()
  return client
}
const redis = await openRedis()
// Per client address (X-Real-IP, as a proxy sets it) only with IP_LIMIT: requests without the header
// would all share one "unknown" budget, and the load's clients send none.
const perIp = process.env.IP_LIMIT
  ? { ipHeader: "x-real-ip", perIp: { limit: Number(process.env.IP_LIMIT), window: 600 } }
  : { perIp: false }
const rateLimit = redis
  ? {
      store: redisRateLimitStore(redis, { prefix: process.env.REDIS_PREFIX }),
      ...perIp,
      perAccount: { limit: Number(process.env.ACCOUNT_LIMIT ?? 5), window: 600 },
      // The load's users sign in with credentials dozens of times a minute, as no person does: each
      // attempt is its own account here. The per-account budget under test is the e-mail one, which
      // always keys on the address.
      accountKey: () => `load-attempt:${crypto.randomUUID()}`,
    }
  : false

function makeConfig() {
  return {
    secret: secrets,
    trustHost: true,
    basePath: "/auth",
    adapter,
    session: {
      strategy,
      updateAge: 0,
      ...(process.env.REVOCATION_CHECK_INTERVAL ? { revocationCheckInterval: Number(process.env.REVOCATION_CHECK_INTERVAL) } : {}),
    },
    providers: [credentials, ...(email ? [email] : []), ...(process.env.PASSKEYS ? [Passkey()] : [])],
    experimental: { enableWebAuthn: !!process.env.PASSKEYS },
    rateLimit,
    logger,
    callbacks: {
      session: ({ session, user, token }) => ({ ...session, user: { ...session.user, id: user?.id ?? token?.sub } }),
    },
  }
}
// Configs are resolved once per object: a rotation swaps the object, as a redeploy would.
let config = makeConfig()

const server = createServer(async (req, res) => {
  try {
    const origin = process.env.PUBLIC_ORIGIN ?? `http://127.0.0.1:${server.address().port}`
    if (req.url === "/__stats") {
      globalThis.gc?.()
      const memory = process.memoryUsage()
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify({ requests, statuses, errors, memory, secrets: secrets.length }))
      return
    }
    if (req.url === "/__rotate" && req.method === "POST") {
      let body = ""
      for await (const chunk of req) body += chunk
      secrets = [body, ...secrets]
      config = makeConfig()
      res.writeHead(204).end()
      return
    }
    requests++
    const response = await Auth(await toWebRequest(req, origin), config)
    statuses[response.status] = (statuses[response.status] ?? 0) + 1
    await sendWebResponse(res, response)
  } catch (error) {
    // Auth never throws; anything here is the server's own bug, and counts as a 5xx.
    statuses.crash = (statuses.crash ?? 0) + 1
    console.error(error)
    if (!res.headersSent) res.writeHead(500)
    res.end()
  }
})
server.keepAliveTimeout = 30_000

server.listen(0, "127.0.0.1", () => {
  console.log(JSON.stringify({ port: server.address().port }))
})

async function shutdown() {
  server.close()
  server.closeAllConnections?.()
  await close().catch(() => {})
  await redis?.disconnect().catch(() => {})
  process.exit(0)
}
process.on("SIGTERM", shutdown)
process.on("SIGINT", shutdown)
