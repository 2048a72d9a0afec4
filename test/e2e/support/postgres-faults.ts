/**
 * Real PostgreSQL faults for the end-to-end tests, done to the server from outside the app:
 * a database that stops taking connections (its open ones killed), and a table whose inserts
 * fail (a database failing in the middle of a sign-in).
 */
import pg from "pg"

const server = { host: process.env.PGHOST ?? "127.0.0.1", port: Number(process.env.PGPORT ?? 5432), user: process.env.PGUSER ?? "postgres" }

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ ...server, database: "postgres" })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/**
 * The database goes away for the app: new connections are refused and every open one is
 * terminated, as in a server restart or failover. Returns how many connections were killed.
 */
export function takeDatabaseDown(name: string): Promise<number> {
  return asAdmin(async (client) => {
    await client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`)
    const { rowCount } = await client.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [name],
    )
    return rowCount ?? 0
  })
}

/** The database takes connections again. */
export function bringDatabaseBack(name: string): Promise<void> {
  return asAdmin(async (client) => {
    await client.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`)
  })
}

/**
 * Every insert into `table` fails from now on (until `stopFailingInserts`), as a full disk or a
 * broken replica would make it: a real error from the server in the middle of a sign-in.
 */
export async function failInserts(pool: pg.Pool, table: string): Promise<void> {
  await pool.query(`
    CREATE OR REPLACE FUNCTION gatehouse_test_refuse_insert() RETURNS trigger AS $$
    BEGIN RAISE EXCEPTION 'insert into % refused for the test', TG_TABLE_NAME; END
    $$ LANGUAGE plpgsql`)
  await pool.query(
    `CREATE TRIGGER gatehouse_test_refuse_insert BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION gatehouse_test_refuse_insert()`,
  )
}

export async function stopFailingInserts(pool: pg.Pool, table: string): Promise<void> {
  await pool.query(`DROP TRIGGER IF EXISTS gatehouse_test_refuse_insert ON ${table}`)
}
