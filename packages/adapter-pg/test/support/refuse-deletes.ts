import type pg from "pg"
import type { AttachmentKind } from "@gatehouse/adapter-test"

const tables: Record<AttachmentKind, string> = { accounts: "accounts", sessions: "sessions", authenticators: "authenticators" }

/**
 * The conformance suite's `failDeletes`: a trigger makes the server refuse every delete from the
 * table (a real error in the middle of a transaction) until the returned function drops it.
 */
export function refuseDeletes(pool: () => pg.Pool) {
  return async (kind: AttachmentKind) => {
    const table = tables[kind]
    await pool().query(`
      CREATE OR REPLACE FUNCTION gatehouse_test_refuse_delete() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'delete from % refused for the test', TG_TABLE_NAME; END
      $$ LANGUAGE plpgsql`)
    await pool().query(
      `CREATE TRIGGER gatehouse_test_refuse_delete BEFORE DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION gatehouse_test_refuse_delete()`,
    )
    return async () => {
      await pool().query(`DROP TRIGGER IF EXISTS gatehouse_test_refuse_delete ON ${table}`)
    }
  }
}
