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
export { AdapterConflictError } from "@gatehouse/core/adapters"
export type { ConflictCode } from "@gatehouse/core/adapters"
export default SQLiteAdapter
