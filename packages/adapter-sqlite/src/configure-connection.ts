import type { Database } from "better-sqlite3"

/**
 * Per-connection settings the adapter relies on. Foreign keys are off by default in SQLite,
 * and without them deleting a user would leave its sessions behind; WAL lets readers go on
 * while a writer commits; the busy timeout makes a second process wait instead of failing.
 */
export function configureConnection(db: Database): void {
  db.pragma("foreign_keys = ON")
  db.pragma("busy_timeout = 5000")
  if (!db.memory) {
    db.pragma("journal_mode = WAL")
    db.pragma("synchronous = NORMAL")
  }
}
