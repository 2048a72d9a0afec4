/**
 * The adapter methods behind the Password provider: one PHC hash string per user, in its own
 * table (migration 6), upserted in one statement so two concurrent changes cannot interleave.
 */
import { type Adapter, writeConflicts } from "@gatehouse/core/adapters"
import type { Database } from "better-sqlite3"
import { translatingConflicts } from "./errors.js"

export function passwordHashMethods(db: Database): Required<Pick<Adapter, "getPasswordHash" | "setPasswordHash">> {
  const read = db.prepare<{ user_id: string }, { hash: string }>("SELECT hash FROM password_hashes WHERE user_id = @user_id")
  const write = db.prepare(
    `INSERT INTO password_hashes (user_id, hash, updated_at) VALUES (@user_id, @hash, @updated_at)
     ON CONFLICT (user_id) DO UPDATE SET hash = excluded.hash, updated_at = excluded.updated_at`,
  )
  return {
    getPasswordHash(userId) {
      return read.get({ user_id: userId })?.hash ?? null
    },
    setPasswordHash(userId, hash) {
      translatingConflicts(writeConflicts.setPasswordHash, () => write.run({ user_id: userId, hash, updated_at: Date.now() }))
    },
  }
}
