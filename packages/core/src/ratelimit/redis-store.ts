import type { RateLimitHit, RateLimitStore } from "../shared-types.js"

/**
 * The little of a Redis client the store needs: a way to send one command. Both common clients
 * fit as they are: node-redis (`sendCommand([...])`) and ioredis (`call(name, ...args)`).
 */
export type RedisCommandClient =
  | { sendCommand(args: string[]): Promise<unknown> }
  | { call(command: string, ...args: string[]): Promise<unknown> }

/** Options of `redisRateLimitStore`. */
export interface RedisRateLimitStoreOptions {
  /** Put before every key, so several apps can share one Redis. Default "gatehouse:ratelimit:". */
  prefix?: string
}

/**
 * Counting and the window's expiry in one server-side step, so that machines sharing the Redis
 * never lose a count or leave a counter without an expiry (a crash between INCR and PEXPIRE).
 */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`

/** Counters in Redis, shared by every machine of the app; expired windows vanish by themselves. */
export function redisRateLimitStore(client: RedisCommandClient, options: RedisRateLimitStoreOptions = {}): RateLimitStore {
  const prefix = options.prefix ?? "gatehouse:ratelimit:"
  const send = redisCommandSender(client)
  return {
    async hit(key: string, windowMs: number): Promise<RateLimitHit> {
      const started = Date.now()
      const reply = await send(["EVAL", hitScript, "1", `${prefix}${key}`, String(Math.ceil(windowMs))])
      const [count, ttl] = Array.isArray(reply) ? reply.map(Number) : []
      if (!Number.isFinite(count) || !Number.isFinite(ttl)) throw new Error("Unexpected reply from Redis to the rate-limit script")
      return { count: count!, resetAt: started + ttl! }
    },
  }
}

/** One way to send a command, whichever client it is (the session store uses it too). */
export function redisCommandSender(client: RedisCommandClient): (args: string[]) => Promise<unknown> {
  // ioredis has a `sendCommand` too, of another shape (a Command object): `call` decides first.
  return "call" in client && typeof client.call === "function"
    ? (args: string[]) => client.call(args[0]!, ...args.slice(1))
    : (args: string[]) => (client as { sendCommand(args: string[]): Promise<unknown> }).sendCommand(args)
}
