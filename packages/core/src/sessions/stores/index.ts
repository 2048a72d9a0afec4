/**
 * `@gatehouse/core/session-stores`: where JWT sessions are recorded and revoked without an adapter
 * (`session.store` in the config, docs/sessions.md).
 */
export { memorySessionStore } from "./memory-session-store.js"
export { redisSessionStore, type RedisSessionStoreOptions } from "./redis-session-store.js"
export type { RedisCommandClient } from "../../ratelimit/redis-store.js"
export type { SessionStore } from "../../types.js"
export type { OwnedSession } from "../../adapters.js"
