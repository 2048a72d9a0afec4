import type { Pool } from "pg"

/** After this long, a database found without the column is looked at again (a migrate() run meanwhile counts). */
const recheckAbsentAfterMs = 30_000

/**
 * Whether `table` (as the search path finds it, like every query of the adapter) has `column`: for
 * the columns a later migration adds, which the adapter uses where they exist and leaves out where
 * they do not (an Auth.js schema, or a database migrated by an older version). Found, the answer is
 * remembered: Gatehouse never drops a column. Absent, it is kept for a while only, so a running app
 * picks up a migration without a restart; `fresh` asks the database right away.
 */
export function columnPresence(pool: Pool, table: string, column: string): (fresh?: boolean) => Promise<boolean> {
  let present = false
  let checkedAt = 0
  return async (fresh = false) => {
    if (present || (!fresh && Date.now() - checkedAt < recheckAbsentAfterMs)) return present
    const { rows } = await pool.query<{ found: boolean }>({
      name: "gatehouse_column_present",
      text: "SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass($1) AND attname = $2 AND NOT attisdropped) AS found",
      values: [table, column],
    })
    present = rows[0]?.found === true
    checkedAt = Date.now()
    return present
  }
}
