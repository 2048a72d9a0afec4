// Database session lookups (GET /session with a valid session cookie), same process, interleaved:
//   Gatehouse + @gatehouse/adapter-sqlite   beside  better-auth's get-session, both on a SQLite file
//   Gatehouse + @gatehouse/adapter-pg       beside  @auth/core + @auth/pg-adapter, same PostgreSQL tables
// Every side reads the same kind of session (a fresh one, so nobody writes: updateAge not reached)
// and is first checked to answer with the right user, and with null for an unknown token.
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Database from "better-sqlite3"
import pg from "pg"
import { Auth as GatehouseAuth } from "@gatehouse/core"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import { PostgresAdapter, migrate } from "@gatehouse/adapter-pg"
import { Auth as AuthjsAuth } from "@auth/core"
import AuthjsPostgresAdapter from "@auth/pg-adapter"
import { betterAuth } from "better-auth"
import { getMigrations } from "better-auth/db/migration"
import { compare, roundSpread } from "./measure.mjs"

const secret = "bench-secret-bench-secret-bench-secret-0123"
const origin = "http://localhost:3000"
const authjsCookie = "authjs.session-token"
const sessions = 500
const maxAgeMs = 30 * 86_400_000
const postgres = {
  host: process.env.PGHOST ?? "127.0.0.1",
  port: Number(process.env.PGPORT ?? 5432),
  user: process.env.PGUSER ?? "postgres",
}

const emailOf = (i) => `user${i}@example.test`

/** A side: `read(i)` answers GET /session for session i % sessions; `unknown()` for a token nobody has. */
function authjsStyleSide(Auth, adapter, tokens) {
  const config = { secret, trustHost: true, basePath: "/auth", adapter, providers: [] }
  const request = (token) => new Request(`${origin}/auth/session`, { headers: { cookie: `${authjsCookie}=${token}` } })
  return {
    read: (i) => Auth(request(tokens[i % tokens.length]), config),
    unknown: () => Auth(request(crypto.randomUUID()), config),
  }
}

/** Users and fresh sessions made through a Gatehouse/Auth.js adapter; returns the session tokens. */
async function seedSessions(adapter) {
  const tokens = []
  for (let i = 0; i < sessions; i++) {
    const user = await adapter.createUser({ id: crypto.randomUUID(), name: `User ${i}`, email: emailOf(i), emailVerified: null })
    const session = await adapter.createSession({
      sessionToken: crypto.randomUUID(),
      userId: user.id,
      expires: new Date(Date.now() + maxAgeMs),
    })
    tokens.push(session.sessionToken)
  }
  return tokens
}

async function sqliteSides(folder) {
  const gatehouseAdapter = SQLiteAdapter(join(folder, "gatehouse.db")) // WAL, as the adapter sets it
  const gatehouse = authjsStyleSide(GatehouseAuth, gatehouseAdapter, await seedSessions(gatehouseAdapter))

  const db = new Database(join(folder, "better-auth.db"))
  db.pragma("journal_mode = WAL") // the same footing as Gatehouse's file
  const options = {
    database: db,
    secret,
    baseURL: origin,
    // Sign-up only seeds the sessions; a trivial password hash keeps seeding quick (not measured).
    emailAndPassword: { enabled: true, password: { hash: async (p) => p, verify: async ({ hash, password }) => hash === password } },
    rateLimit: { enabled: false },
    logger: { disabled: true },
  }
  await (await getMigrations(options)).runMigrations()
  const auth = betterAuth(options)
  const cookies = []
  for (let i = 0; i < sessions; i++) {
    const response = await auth.handler(
      new Request(`${origin}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: emailOf(i), password: "bench-password", name: `User ${i}` }),
      }),
    )
    cookies.push(
      response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    )
  }
  const getSession = (cookie) => auth.handler(new Request(`${origin}/api/auth/get-session`, { headers: { cookie } }))
  const forged = cookies[0].replace(/=([^.]+)\./, `=${"x".repeat(32)}.`)
  const betterAuthSide = { read: (i) => getSession(cookies[i % cookies.length]), unknown: () => getSession(forged) }
  return {
    sides: { gatehouse: gatehouse, "better-auth": betterAuthSide },
    close: () => db.close(),
  }
}

async function postgresSides() {
  const name = `gatehouse_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`
  await onMaintenanceDatabase((client) => client.query(`CREATE DATABASE ${name}`))
  // The same pool settings on both sides; the application names only let the meters below tell
  // the two sides' server processes apart.
  const gatehousePool = new pg.Pool({ ...postgres, database: name, max: 16, application_name: "bench_gatehouse" })
  const authjsPool = new pg.Pool({ ...postgres, database: name, max: 16, application_name: "bench_authjs" })
  // The Auth.js tables plus the indexes Gatehouse adds (the unique "sessionToken" index helps both sides).
  await migrate(gatehousePool)
  const tokens = await seedSessions(PostgresAdapter(gatehousePool))
  const admin = new pg.Client({ ...postgres, database: name })
  await admin.connect()
  const meters = (pool, application) => ({
    statements: countStatements(pool),
    ...(serverCpuReadable() ? { serverCpuMicros: () => serverCpuMicros(admin, application) } : {}),
  })
  return {
    meters: { gatehouse: meters(gatehousePool, "bench_gatehouse"), "@auth/core": meters(authjsPool, "bench_authjs") },
    sides: {
      gatehouse: authjsStyleSide(GatehouseAuth, PostgresAdapter(gatehousePool), tokens),
      "@auth/core": authjsStyleSide(AuthjsAuth, AuthjsPostgresAdapter(authjsPool), tokens),
    },
    async close() {
      // DROP ... WITH (FORCE) may cut a connection still saying goodbye: not an error here.
      for (const pool of [gatehousePool, authjsPool]) pool.on("error", () => {})
      await admin.end()
      await gatehousePool.end()
      await authjsPool.end()
      await onMaintenanceDatabase((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    },
  }
}

/** A running count of the statements sent through `pool` (both adapters send each through pool.query). */
function countStatements(pool) {
  let sent = 0
  const query = pool.query.bind(pool)
  pool.query = (...args) => {
    sent++
    return query(...args)
  }
  return () => sent
}

/** Only where the server runs on this machine (its processes' /proc entries are readable). */
function serverCpuReadable() {
  try {
    readFileSync("/proc/self/stat")
    return ["127.0.0.1", "localhost", "::1"].includes(postgres.host)
  } catch {
    return false
  }
}

/** CPU time (µs, user + system) used so far by the server processes serving `application`'s connections. */
async function serverCpuMicros(admin, application) {
  const { rows } = await admin.query("SELECT pid FROM pg_stat_activity WHERE application_name = $1", [application])
  let ticks = 0
  for (const { pid } of rows) {
    try {
      // Fields after the command name: utime and stime are the 12th and 13th (clock ticks, 100 per second).
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // A process that ended between the query and the read: its time is lost from this round.
    }
  }
  return ticks * 10_000
}

async function onMaintenanceDatabase(work) {
  const client = new pg.Client({ ...postgres, database: "postgres" })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function checkSide(name, side) {
  for (const i of [0, 7]) {
    const body = await (await side.read(i)).json()
    if (body?.user?.email !== emailOf(i)) throw new Error(`${name} answered session ${i} with ${JSON.stringify(body)}`)
  }
  const unknown = await (await side.unknown()).json()
  if (unknown !== null && unknown?.user) throw new Error(`${name} answered an unknown session with ${JSON.stringify(unknown)}`)
}

/** Runs the database cases; returns rows like run.mjs's (plus `competitor`), printing each as it goes. */
export async function benchDatabaseSessions({ count, rounds, only }) {
  const rows = []
  const folder = mkdtempSync(join(tmpdir(), "gatehouse-bench-"))
  const setups = [
    { name: "GET /session, database, SQLite file", open: () => sqliteSides(folder) },
    { name: "GET /session, database, PostgreSQL", open: postgresSides },
  ]
  try {
    for (const setup of setups) {
      if (only && !setup.name.includes(only)) continue
      let opened
      try {
        opened = await setup.open()
      } catch (error) {
        console.log(`${setup.name}: not measured (${error.code ?? error.message})`)
        continue
      }
      try {
        const [, competitor] = Object.keys(opened.sides)
        for (const [name, side] of Object.entries(opened.sides)) await checkSide(name, side)
        for (const inFlight of [1, 16]) {
          const ops = Object.fromEntries(
            Object.entries(opened.sides).map(([name, side]) => [name, (i) => side.read(i).then((r) => r.arrayBuffer())]),
          )
          const result = await compare(ops, { count, inFlight, rounds, meters: opened.meters })
          const ratio = result.gatehouse / result[competitor]
          const { details } = result
          const perSide = (name) => ({ cpuMicros: details[name].cpuMicros, ...details[name].meters })
          rows.push({
            case: `${setup.name} (vs ${competitor})`,
            inFlight,
            gatehouse: result.gatehouse,
            [competitor === "@auth/core" ? "authjs" : competitor]: result[competitor],
            competitor,
            ratio,
            roundRatios: details.roundRatios,
            perLookup: { gatehouse: perSide("gatehouse"), [competitor]: perSide(competitor) },
          })
          const describe = (name) => {
            const { cpuMicros, statements, serverCpuMicros } = perSide(name)
            return [
              `${cpuMicros.toFixed(0)} µs CPU`,
              statements === undefined ? "" : `${statements.toFixed(2)} statements`,
              serverCpuMicros === undefined ? "" : `${serverCpuMicros.toFixed(0)} µs server CPU`,
            ]
              .filter(Boolean)
              .join(", ")
          }
          console.log(
            `${`${setup.name} vs ${competitor}`.padEnd(62)} in flight ${String(inFlight).padStart(2)}: ` +
              `${ratio.toFixed(2)}×  (gatehouse ${result.gatehouse.toFixed(0)}/s, ${competitor} ${result[competitor].toFixed(0)}/s; ${roundSpread(details.roundRatios)})\n` +
              `${" ".repeat(66)}per lookup: gatehouse ${describe("gatehouse")}; ${competitor} ${describe(competitor)}`,
          )
        }
      } finally {
        await opened.close()
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
  return rows
}
