import type { Pool } from "pg"
import type { RateLimitHit, RateLimitStore } from "@gatehouse/core/types"

const createTable = `
  CREATE TABLE IF NOT EXISTS gatehouse_rate_limits (
    key TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    reset_at BIGINT NOT NULL
  )`

/** An arbitrary constant, other than the migration lock: machines creating the table wait their turn. */
const tableLock = 0x6761_7472

/**
 * Counts and, when the window is over, starts a new one, in one statement; the clock is the
 * database's, so machines whose clocks disagree still share one window.
 */
const hitSql = `
  WITH now AS (SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint AS ms)
  INSERT INTO gatehouse_rate_limits AS r (key, count, reset_at)
  SELECT $1, 1, now.ms + $2 FROM now
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.reset_at <= (SELECT ms FROM now) THEN 1 ELSE r.count + 1 END,
    reset_at = CASE WHEN r.reset_at <= (SELECT ms FROM now) THEN (SELECT ms FROM now) + $2 ELSE r.reset_at END
  RETURNING count, reset_at`

const sweepSql = "DELETE FROM gatehouse_rate_limits WHERE reset_at <= (extract(epoch FROM clock_timestamp()) * 1000)::bigint"

/** Expired rows are removed every this many hits (per machine), so the table holds live windows only. */
const sweepEvery = 1000

/**
 * A rate-limit store in PostgreSQL, shared by every machine of the app. Its table is created on
 * first use; give it the same Pool as the adapter, or another.
 *
 *   rateLimit: { store: rateLimitStore(pool), ipHeader: "x-forwarded-for" }
 */
export function rateLimitStore(pool: Pool): RateLimitStore {
  let ready: Promise<void> | undefined
  let hitsSinceSweep = 0

  function ensureTable(): Promise<void> {
    ready ??= (async () => {
      const client = await pool.connect()
      try {
        await client.query("BEGIN")
        await client.query("SELECT pg_advisory_xact_lock($1)", [tableLock])
        await client.query(createTable)
        await client.query("COMMIT")
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {})
        throw error
      } finally {
        client.release()
      }
    })().catch((error) => {
      // Not remembered: the next attempt tries again (the database may be back by then).
      ready = undefined
      throw error
    })
    return ready
  }

  return {
    async hit(key: string, windowMs: number): Promise<RateLimitHit> {
      await ensureTable()
      if (++hitsSinceSweep >= sweepEvery) {
        hitsSinceSweep = 0
        await pool.query(sweepSql)
      }
      const { rows } = await pool.query<{ count: number; reset_at: string }>(hitSql, [key, Math.ceil(windowMs)])
      return { count: rows[0]!.count, resetAt: Number(rows[0]!.reset_at) }
    },
  }
}
