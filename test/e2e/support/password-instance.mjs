/**
 * A second instance of a password app for the cross-instance tests: its own process, the built
 * packages, sharing the PostgreSQL database, the SMTP server and the Redis rate-limit store with
 * the instance inside the test. Prints `ready <port>`.
 *
 * Both instances serve one public origin (ORIGIN), as two instances behind a load balancer do.
 *
 * Environment: ORIGIN, SECRET, DB (PostgreSQL database name), SMTP_PORT, REDIS_URL, REDIS_PREFIX,
 * PER_ACCOUNT (attempts per address per minute).
 */
import { createServer } from "node:http"
import { Auth } from "@gatehouse/core"
import { redisRateLimitStore } from "@gatehouse/core/ratelimit"
import Nodemailer from "@gatehouse/core/providers/nodemailer"
import Password from "@gatehouse/core/providers/password"
import { PostgresAdapter } from "@gatehouse/adapter-pg"
import pg from "pg"
import { createClient } from "redis"
import { sendWebResponse, toWebRequest } from "../../../examples/demo/node-request.mjs"

const { ORIGIN, SECRET, DB, SMTP_PORT, REDIS_URL, REDIS_PREFIX, PER_ACCOUNT } = process.env
const pool = new pg.Pool({ host: process.env.PGHOST ?? "127.0.0.1", user: process.env.PGUSER ?? "postgres", database: DB, max: 4 })
const redis = createClient({ url: REDIS_URL })
await redis.connect()

const config = {
  secret: SECRET,
  trustHost: true,
  basePath: "/auth",
  adapter: PostgresAdapter(pool),
  session: { strategy: "database" },
  providers: [
    Nodemailer({
      server: { host: "127.0.0.1", port: Number(SMTP_PORT), secure: false, ignoreTLS: true },
      from: "Gatehouse <no-reply@gatehouse.test>",
    }),
    Password({ hashing: { ln: 10, r: 8, p: 1, keyLength: 32 } }),
  ],
  rateLimit: {
    store: redisRateLimitStore(redis, { prefix: REDIS_PREFIX }),
    perIp: false,
    perAccount: { limit: Number(PER_ACCOUNT), window: 60 },
  },
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
}

const server = createServer(async (req, res) => sendWebResponse(res, await Auth(await toWebRequest(req, ORIGIN), config)))
server.listen(0, "127.0.0.1", () => console.log(`ready ${server.address().port}`))
