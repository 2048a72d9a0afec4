/**
 * `@gatehouse/qwik/session-records`: `withSessionRecords(adapter)` for an adapter written by hand that
 * records sessions (lists and revokes them), re-exported from `@gatehouse/core/session-records`. The
 * SQLite and PostgreSQL adapters and the session stores already carry that code; apps whose
 * sessions are recorded nowhere never load it. See docs/sessions.md.
 */
export * from "@gatehouse/core/session-records"
