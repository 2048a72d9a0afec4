/**
 * @gatehouse/adapter-sqlite: Gatehouse's embedded default database adapter, on better-sqlite3.
 * See README.md.
 */
import { SQLiteAdapter } from "./sqlite-adapter.js"

export { SQLiteAdapter }
export { migrate } from "./migrate.js"
export { rateLimitStore } from "./rate-limit-store.js"
export { migrations } from "./schema.js"
export type { Migration } from "./schema.js"
export { AdapterConflictError } from "./errors.js"
export type { ConflictCode } from "./errors.js"
export default SQLiteAdapter
