import type { OwnedSession } from "../../adapters.js"
import { type RedisCommandClient, redisCommandSender } from "../../ratelimit/redis-store.js"
import type { SessionStore } from "../../types.js"
import { withSessionRecords } from "../../session-records/index.js"

/** Options of `redisSessionStore`. */
export interface RedisSessionStoreOptions {
  /** Put before every key, so several apps can share one Redis. Default "gatehouse:sessions:". */
  prefix?: string
}

/**
 * Sessions recorded in Redis, shared by every instance of the app: one key per session (expiring
 * with it, so a revoked or expired session is simply absent) and one set per owner naming their
 * sessions' ids (for listing and revoking them all). The client is the rate limiter's
 * (`redisRateLimitStore`): node-redis or ioredis as they are.
 */
export function redisSessionStore(client: RedisCommandClient, options: RedisSessionStoreOptions = {}): SessionStore {
  const prefix = options.prefix ?? "gatehouse:sessions:"
  const send = redisCommandSender(client)
  const sessionKey = (id: string) => `${prefix}session:${id}`
  const ownerKeyOf = (ownerKey: string) => `${prefix}owner:${ownerKey}`
  const read = async (id: string): Promise<OwnedSession | null> => parsed(await send(["GET", sessionKey(id)]))
  const write = async (record: OwnedSession, only?: "XX") => {
    const ttl = record.expires.getTime() - Date.now()
    if (ttl <= 0) return
    await send(["SET", sessionKey(record.id), JSON.stringify(record), "PX", String(ttl), ...(only ? [only] : [])])
    // The owner's set lives as long as their longest session: a session's expiry only moves later.
    await send(["SADD", ownerKeyOf(record.ownerKey), record.id])
    await send(["PEXPIRE", ownerKeyOf(record.ownerKey), String(ttl), "GT"])
    await send(["PEXPIRE", ownerKeyOf(record.ownerKey), String(ttl), "NX"])
  }
  const idsOf = async (ownerKey: string): Promise<string[]> => {
    const ids = await send(["SMEMBERS", ownerKeyOf(ownerKey)])
    return Array.isArray(ids) ? ids.map(String) : []
  }
  // Carries the session-records code (session-records/session-records-module.ts): configuring a store is what turns records on.
  return withSessionRecords({
    async createOwnedSession(session) {
      await write(session)
    },
    async listOwnedSessions(ownerKey) {
      const ids = await idsOf(ownerKey)
      if (ids.length === 0) return []
      const values = await send(["MGET", ...ids.map(sessionKey)])
      const found: OwnedSession[] = []
      const gone: string[] = []
      ids.forEach((id, index) => {
        const record = parsed(Array.isArray(values) ? values[index] : null)
        if (record?.ownerKey === ownerKey) found.push(record)
        else gone.push(id)
      })
      if (gone.length > 0) await send(["SREM", ownerKeyOf(ownerKey), ...gone])
      return found
    },
    async touchOwnedSession(id, { expires, lastSeenAt }) {
      const record = await read(id)
      // XX: a session revoked between the read and the write is not brought back.
      if (record) await write({ ...record, expires, lastSeenAt }, "XX")
    },
    async revokeOwnedSession(id) {
      const record = await read(id)
      const deleted = Number(await send(["DEL", sessionKey(id)]))
      if (record) await send(["SREM", ownerKeyOf(record.ownerKey), id])
      return deleted > 0
    },
    async revokeOwnedSessions(ownerKey, { except } = {}) {
      const ids = (await idsOf(ownerKey)).filter((id) => id !== except)
      if (ids.length === 0) return 0
      const deleted = Number(await send(["DEL", ...ids.map(sessionKey)]))
      await send(["SREM", ownerKeyOf(ownerKey), ...ids])
      return deleted
    },
    async ownerOfOwnedSession(id) {
      return (await read(id))?.ownerKey ?? null
    },
  })
}

/** A record as stored (JSON, dates as text), or null for a missing or unreadable one. */
function parsed(value: unknown): OwnedSession | null {
  if (typeof value !== "string") return null
  try {
    const raw = JSON.parse(value) as Record<string, unknown>
    if (typeof raw.id !== "string" || typeof raw.ownerKey !== "string" || typeof raw.expires !== "string") return null
    const date = (text: unknown) => (typeof text === "string" ? new Date(text) : null)
    return {
      id: raw.id,
      ownerKey: raw.ownerKey,
      expires: new Date(raw.expires),
      createdAt: date(raw.createdAt),
      lastSeenAt: date(raw.lastSeenAt),
      userAgent: typeof raw.userAgent === "string" ? raw.userAgent : null,
      provider: typeof raw.provider === "string" ? raw.provider : null,
    }
  } catch {
    return null
  }
}
