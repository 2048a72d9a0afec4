import BetterSqlite3 from "better-sqlite3"
import type { Database } from "better-sqlite3"
import type { RateLimitHit, RateLimitStore } from "@gatehouse/core/types"

/** Its own table, outside the adapter's migrations: an app may use the store without the adapter. */
const createTable = `
  CREATE TABLE IF NOT EXISTS gatehouse_rate_limits (
    key TEXT PRIMARY KEY NOT NULL,
    count INTEGER NOT NULL,
    reset_at INTEGER NOT NULL
  ) WITHOUT ROWID`

/** One statement counts and, when the window is over, starts a new one: no read-then-write race. */
const hitSql = `
  INSERT INTO gatehouse_rate_limits (key, count, reset_at) VALUES (@key, 1, @now + @window)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN reset_at <= @now THEN 1 ELSE count + 1 END,
    reset_at = CASE WHEN reset_at <= @now THEN @now + @window ELSE reset_at END
  RETURNING count, reset_at`

/** Expired rows are removed every this many hits, so the table holds live windows only. */
const sweepEvery = 1000

/**
 * A rate-limit store in the SQLite database (the adapter's, or any other): for several processes
 * on one machine sharing the file. Give it the better-sqlite3 database or a file name.
 *
 *   rateLimit: { store: rateLimitStore(db), ipHeader: "x-real-ip" }
 */
export function rateLimitStore(database: Database | string): RateLimitStore {
  const db = typeof database === "string" ? new BetterSqlite3(database) : database
  db.exec(createTable)
  const hit = db.prepare<{ key: string; now: number; window: number }, { count: number; reset_at: number }>(hitSql)
  const sweep = db.prepare<{ now: number }>("DELETE FROM gatehouse_rate_limits WHERE reset_at <= @now")
  let hitsSinceSweep = 0
  return {
    hit(key: string, windowMs: number): RateLimitHit {
      const now = Date.now()
      if (++hitsSinceSweep >= sweepEvery) {
        hitsSinceSweep = 0
        sweep.run({ now })
      }
      const row = hit.get({ key, now, window: Math.ceil(windowMs) })!
      return { count: row.count, resetAt: row.reset_at }
    },
  }
}
