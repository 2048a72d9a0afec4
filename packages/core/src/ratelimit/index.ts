/**
 * `@gatehouse/core/ratelimit`: stores for the built-in rate limiter (see `rateLimit` in the
 * config). The SQLite and PostgreSQL adapters export a `rateLimitStore(db)` of their own.
 */
export { memoryRateLimitStore } from "./memory-store.js"
export type { MemoryRateLimitStoreOptions } from "./memory-store.js"
export { redisRateLimitStore } from "./redis-store.js"
export type { RedisCommandClient, RedisRateLimitStoreOptions } from "./redis-store.js"
export { redisOverHttp, RedisOverHttpError } from "./redis-over-http.js"
export type { RedisOverHttpOptions } from "./redis-over-http.js"
export { canonicalIp } from "./canonical-ip.js"
export { withClientAddress } from "./client-ip.js"
export type { RateLimitHit, RateLimitOptions, RateLimitRule, RateLimitStore } from "../types.js"
