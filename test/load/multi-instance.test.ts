/**
 * The short multi-instance run of npm test (`npm run load` has the long one, with PostgreSQL and
 * Redis restarted mid-run): three server processes on one PostgreSQL database, requests spread
 * round-robin. With a shared Redis, and then without one (the adapter's verification tokens
 * carry the passkey challenges; the rate-limit budget is then per instance, as documented).
 * Uses the shared PostgreSQL and Redis as they are: nothing here restarts them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { databaseRunViolations } from "./invariants.mjs"
import {
  clusterLoad,
  emailCodeOnce,
  emailLinkOnce,
  exactlyOnceChecks,
  passkeyChallengeOnce,
  postgresDatabase,
  revokeAcrossInstances,
  startCluster,
} from "./multi-instance.mjs"

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"

/** A cluster on a database of its own for the tests of one describe block, stopped and dropped after them. */
function clusterPerBlock(options: {
  redis: boolean
  accountLimit?: number
  ipLimit?: number
  session?: "database" | "jwt"
  revocationCheckInterval?: number
}) {
  const running = {} as { database: Awaited<ReturnType<typeof postgresDatabase>>; cluster: Awaited<ReturnType<typeof startCluster>> }
  beforeAll(async () => {
    running.database = await postgresDatabase()
    running.cluster = await startCluster({
      database: running.database,
      redisUrl: options.redis ? redisUrl : undefined,
      accountLimit: options.accountLimit,
      ipLimit: options.ipLimit,
      session: options.session,
      revocationCheckInterval: options.revocationCheckInterval,
    })
  }, 90_000)
  afterAll(async () => {
    await running.cluster?.stop()
    await running.database?.drop()
  })
  return running
}

describe("three instances, one PostgreSQL database, one Redis", () => {
  const running = clusterPerBlock({ redis: true, accountLimit: 4, ipLimit: 6 })

  it("what must happen once happens once across instances, and sign-out ends the session everywhere", async () => {
    const checks = await exactlyOnceChecks(running.cluster, running.database)
    // 12 attempts round-robin over three instances: 4 in all (not 4 per instance) sent a mail.
    expect(checks.rateLimit).toMatchObject({ attempts: 12, limit: 4, mailsSent: 4 })
    expect(checks.rateLimit.statuses[429]).toBe(8)
    // The same for one client address (X-Real-IP), each attempt for another account.
    expect(checks.ipRateLimit).toEqual({ attempts: 18, limit: 6, mailsSent: 6, refused: 12 })
    // Two instances receive the link (the code) at the same moment: one signs in, then nobody.
    expect(checks.emailLink).toMatchObject({ atOnce: 1, racers: 2, later: false })
    expect(checks.emailCode).toMatchObject({ atOnce: 1, racers: 2, later: false })
    expect(checks.passkey).toMatchObject({ registered: true, atOnce: 1, racers: 2, firstSignedIn: true })
    expect(checks.passkey.replays.map((r) => r.signedIn)).toEqual([false, false])
    for (const replay of checks.passkey.replays)
      expect(replay.location).toBe("http://localhost:3000/auth/error?error=WebAuthnVerificationError")
    expect(checks.signOut).toEqual({
      signedIn: true,
      readBefore: [true, true, true],
      signedOut: true,
      readAfter: [false, false, false],
      sessionRowGone: true,
    })
  }, 90_000)
})

describe("three instances under round-robin load (a database of their own)", () => {
  const running = clusterPerBlock({ redis: true })

  it("no 5xx, every session readable on every instance, no duplicate or half-written rows", async () => {
    const result = await clusterLoad(running.cluster, running.database, { clients: 24, seconds: 5 })
    expect(databaseRunViolations(result)).toEqual([])
    expect(result.report.requests).toBeGreaterThan(100)
  }, 60_000)
})

describe("three instances, one PostgreSQL database, no Redis", () => {
  const running = clusterPerBlock({ redis: false })

  it("passkey challenges are claimed through the adapter's verification tokens: once across instances", async () => {
    const passkey = await passkeyChallengeOnce(running.cluster)
    expect(passkey).toMatchObject({ registered: true, atOnce: 1, firstSignedIn: true })
    expect(passkey.replays.map((r) => r.signedIn)).toEqual([false, false])
  }, 60_000)

  it("e-mail links and codes are single-use through the database alone", async () => {
    expect(await emailLinkOnce(running.cluster)).toMatchObject({ atOnce: 1, racers: 2, later: false })
    expect(await emailCodeOnce(running.cluster)).toMatchObject({ atOnce: 1, racers: 2, later: false })
  }, 60_000)
})

describe("three instances, JWT sessions with revocation checks every second (issue 19)", () => {
  const running = clusterPerBlock({ redis: false, session: "jwt", revocationCheckInterval: 1 })

  it("a session revoked on one instance is refused by the others within the interval; the revoker stays signed in", async () => {
    const result = await revokeAcrossInstances(running.cluster, { waitMs: 1200 })
    expect(result).toMatchObject({ signedIn: true, listed: 2, before: [true, true, true], revoked: { revoked: 1 } })
    // The instance that revoked refuses at once; the others may serve it until their next check…
    expect(result.atOnce[0]).toBe(false)
    // …which comes within the interval on every instance.
    expect(result.afterInterval).toEqual([false, false, false])
    expect(result.aAfter).toEqual([true, true, true])
  }, 90_000)
})
