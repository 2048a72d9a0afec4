/**
 * The ledger of answered passkey challenges. A second instance of the app is simulated by a fresh
 * copy of the modules (vi.resetModules): its in-process map knows nothing of the first one's, so
 * only the shared state (Redis, the adapter's verification tokens) can refuse the replay.
 */
import { createClient } from "redis"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { Adapter, VerificationToken } from "../adapters.js"
import { resolveConfig } from "../config/resolve-config.js"
import Passkey from "../providers/passkey.js"
import { redisRateLimitStore } from "../ratelimit/redis-store.js"
import type { RateLimitOptions, WarningCode } from "../types.js"
import { adapterWithAllMethods } from "@gatehouse/test-kit/adapter-with-all-methods"
import { challengeIdentifier, challengeLedger, claimChallenge, type ChallengeLedger } from "./challenge-ledger.js"

type LedgerFactory = typeof challengeLedger

/** challengeLedger as a second process would have it: its own module instances, its own memory. */
async function otherInstance(): Promise<LedgerFactory> {
  vi.resetModules()
  return (await import("./challenge-ledger.js")).challengeLedger
}

/** Verification tokens in a Map whose use is a single delete: atomic like the real adapters' DELETE … RETURNING. */
function tokenAdapter(): Adapter & { tokens: Map<string, VerificationToken> } {
  const tokens = new Map<string, VerificationToken>()
  return {
    ...adapterWithAllMethods(),
    tokens,
    async createVerificationToken(token) {
      tokens.set(`${token.identifier} ${token.token}`, token)
      return token
    },
    async useVerificationToken({ identifier, token }) {
      const key = `${identifier} ${token}`
      const found = tokens.get(key) ?? null
      tokens.delete(key)
      return found
    },
  }
}

const challenge = () => `challenge-${crypto.randomUUID()}`

describe("a ledger on the shared rate-limit store (Redis)", () => {
  const client = createClient({ url: process.env.REDIS_URL ?? "redis://127.0.0.1:6379" })
  const prefix = `gatehouse-test:ledger:${process.pid}:${Date.now()}:`
  beforeAll(() => client.connect())
  afterAll(async () => {
    const keys = await client.keys(`${prefix}*`)
    if (keys.length) await client.del(keys)
    await client.quit()
  })

  it("lets a challenge be claimed once across instances, and stores only its hash", async () => {
    const store = redisRateLimitStore(client, { prefix })
    const first = challengeLedger(store, tokenAdapter())
    const second = (await otherInstance())(store, tokenAdapter())
    expect(first.scope).toBe("shared-store")
    const answered = challenge()
    await first.issue(answered)
    expect(await first.claim(answered)).toBe(true)
    expect(await second.claim(answered)).toBe(false)
    expect(await first.claim(answered)).toBe(false)
    const keys = await client.keys(`${prefix}*`)
    expect(keys).toHaveLength(1)
    expect(keys[0]).not.toContain(answered)
    expect(await client.pTTL(keys[0]!)).toBeGreaterThan(15 * 60 * 1000)
  })

  it("two instances claiming the same challenge at the same moment: exactly one wins", async () => {
    const store = redisRateLimitStore(client, { prefix })
    const ledgers: ChallengeLedger[] = [challengeLedger(store, undefined), (await otherInstance())(store, undefined)]
    for (let round = 0; round < 20; round++) {
      const answered = challenge()
      const results = await Promise.all(ledgers.map((ledger) => ledger.claim(answered)))
      expect(results.filter(Boolean)).toHaveLength(1)
    }
  })
})

describe("a ledger on the adapter's verification tokens", () => {
  it("claims only challenges it handed out, each once across instances", async () => {
    const adapter = tokenAdapter()
    const first = challengeLedger(undefined, adapter)
    const second = (await otherInstance())(undefined, adapter)
    expect(first.scope).toBe("adapter")
    const answered = challenge()
    await first.issue(answered)
    const [record] = adapter.tokens.values()
    expect(record).toMatchObject({ identifier: challengeIdentifier })
    expect(record!.token).not.toContain(answered)
    expect(record!.expires.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000)

    expect(await second.claim(answered)).toBe(true)
    expect(await first.claim(answered)).toBe(false)
    expect(adapter.tokens.size).toBe(0)
    // Never handed out (or handed out by another deployment): nothing to claim.
    expect(await first.claim(challenge())).toBe(false)
  })

  it("refuses a record that has expired", async () => {
    const adapter = tokenAdapter()
    const ledger = challengeLedger(undefined, adapter)
    const answered = challenge()
    await ledger.issue(answered)
    const [record] = adapter.tokens.values()
    record!.expires = new Date(Date.now() - 1000)
    expect(await ledger.claim(answered)).toBe(false)
  })
})

describe("a ledger with neither", () => {
  it("remembers claims in this process only", async () => {
    const first = challengeLedger(undefined, adapterWithAllMethods())
    const second = (await otherInstance())(undefined, adapterWithAllMethods())
    expect(first.scope).toBe("process")
    const answered = challenge()
    expect(await first.claim(answered)).toBe(true)
    expect(await first.claim(answered)).toBe(false)
    // The gap the start-up warning is about.
    expect(await second.claim(answered)).toBe(true)
  })

  it("is named once at start-up in production, and not when shared state is configured", async () => {
    vi.stubEnv("NODE_ENV", "production")
    try {
      const warnings = (adapter: Adapter, rateLimit?: RateLimitOptions) => {
        const warned: WarningCode[] = []
        const logger = { warn: (code: WarningCode) => warned.push(code), error: () => {}, debug: () => {} }
        const config = {
          secret: "a-secret-with-more-than-32-characters-in-it",
          trustHost: true,
          adapter,
          providers: [Passkey()],
          experimental: { enableWebAuthn: true },
          rateLimit: rateLimit ?? (false as const),
          logger,
        }
        const resolved = resolveConfig(config)
        resolveConfig(config)
        return { warned, scope: resolved.passkeyChallenges.scope }
      }
      expect(warnings(adapterWithAllMethods())).toEqual({
        warned: ["experimental-webauthn", "passkey-challenges-per-process"],
        scope: "process",
      })
      expect(warnings(tokenAdapter())).toEqual({ warned: ["experimental-webauthn"], scope: "adapter" })
      const shared = { hit: async () => ({ count: 1, resetAt: Date.now() + 1000 }) }
      expect(warnings(adapterWithAllMethods(), { store: shared, ipHeader: "x-real-ip" })).toEqual({
        warned: ["experimental-webauthn"],
        scope: "shared-store",
      })
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe("claimChallenge", () => {
  it("lets a challenge be answered once while its cookie could still be read", () => {
    const challenge = `c-${crypto.randomUUID()}`
    const now = Date.now()
    expect(claimChallenge(challenge, now)).toBe(true)
    expect(claimChallenge(challenge, now + 1000)).toBe(false)
    expect(claimChallenge(challenge, now + 15 * 60 * 1000)).toBe(false)
    // Long after the cookie expired, the entry is forgotten (the cookie itself is refused by then).
    expect(claimChallenge(challenge, now + 20 * 60 * 1000)).toBe(true)
  })
})
