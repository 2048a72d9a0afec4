import type { RedisCommandClient } from "./redis-store.js"

/**
 * Where `redisOverHttp` sends its commands: the REST URL and token (Upstash's protocol), and the
 * `fetch` to use.
 */
export interface RedisOverHttpOptions {
  /** The database's REST URL (Upstash: `UPSTASH_REDIS_REST_URL`). */
  url: string
  /** Its REST token (Upstash: `UPSTASH_REDIS_REST_TOKEN`), sent as a bearer token. */
  token: string
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch
}

/** A command the Redis behind the REST endpoint refused, or an answer that was not the protocol's. */
export class RedisOverHttpError extends Error {
  override name = "RedisOverHttpError"
}

/**
 * A Redis client over HTTP, for runtimes that cannot open a TCP socket (Cloudflare Workers, Vercel's
 * Edge runtime, Deno Deploy): every command is one `POST` of its JSON array (`["EVAL", …]`) to the REST
 * URL with a bearer token, answered `{ "result": … }` or `{ "error": "…" }`: the REST protocol of
 * Upstash, which serverless-redis-http and Vercel KV speak too. It fits every store that takes a
 * Redis client — `redisRateLimitStore(redisOverHttp({ url, token }))` — so the rate limiter and the
 * single-use claims behind it work at the edge with the state every instance shares.
 *
 * Chosen over a platform store (Workers KV, Durable Objects) because one protocol serves every edge
 * runtime and the same Redis a Node deployment uses; KV's eventual consistency could not make a claim
 * single-use anyway.
 */
// Returns the sendCommand shape precisely (it is one of RedisCommandClient's), so callers can use it directly.
export function redisOverHttp(options: RedisOverHttpOptions): Extract<RedisCommandClient, { sendCommand: unknown }> {
  const url = new URL(options.url)
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new TypeError(`redisOverHttp: the url must be an http(s) URL, got "${url.protocol}"`)
  }
  if (url.protocol === "http:" && !isLoopback(url.hostname)) {
    // The token and every session fingerprint would cross the network in the clear.
    throw new TypeError("redisOverHttp: the url must use https (http is accepted for loopback addresses only)")
  }
  if (!options.token) throw new TypeError("redisOverHttp: a token is required")
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init))
  const authorization = `Bearer ${options.token}`
  return {
    async sendCommand(args: string[]): Promise<unknown> {
      const response = await send(url, {
        method: "POST",
        headers: { authorization, "content-type": "application/json" },
        body: JSON.stringify(args),
      })
      let answer: unknown
      try {
        answer = await response.json()
      } catch {
        throw new RedisOverHttpError(`Redis over HTTP: ${args[0]} answered ${response.status} without a JSON body`)
      }
      if (answer && typeof answer === "object" && "error" in answer) {
        throw new RedisOverHttpError(`Redis over HTTP: ${args[0]} failed: ${String((answer as { error: unknown }).error)}`)
      }
      if (!response.ok || !answer || typeof answer !== "object" || !("result" in answer)) {
        throw new RedisOverHttpError(`Redis over HTTP: ${args[0]} answered ${response.status} without a result`)
      }
      return (answer as { result: unknown }).result
    },
  }
}

function isLoopback(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127(?:\.\d{1,3}){3}$/.test(hostname)
}
