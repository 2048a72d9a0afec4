/**
 * @gatehouse/adapter-pg: the Gatehouse database adapter for PostgreSQL, on the schema of
 * @auth/pg-adapter. See README.md.
 */
import { PostgresAdapter } from "./postgres-adapter.js"

export { PostgresAdapter }
export { migrate } from "./migrate.js"
export { MigrationBlockedError } from "./migration-blockers.js"
export { MigrationRequiredError } from "./session-metadata.js"
export type { MigrationBlocker } from "./migration-blockers.js"
export { rateLimitStore } from "./rate-limit-store.js"
export { migrations } from "./schema.js"
export type { Migration } from "./schema.js"
export { AdapterConflictError } from "@gatehouse/core/adapters"
export type { ConflictCode } from "@gatehouse/core/adapters"
export default PostgresAdapter
