/**
 * The short load run of npm test (`npm run load` is the 60-second one): 64 clients signing in,
 * reading, updating and signing out against a real server process, on SQLite and on PostgreSQL
 * (whose connections are killed mid-run), and with JWT sessions while the secret rotates.
 * Needs the built packages (npm test builds first).
 */
import { describe, expect, it } from "vitest"
import { databaseRunViolations, rotationRunViolations } from "./invariants.mjs"
import { databaseSessionLoad, secretRotationLoad } from "./scenarios.mjs"

describe("load, short run", () => {
  it("SQLite, database sessions: 64 clients, no 5xx, every session readable, no duplicate or half-written rows", async () => {
    const result = await databaseSessionLoad({ db: "sqlite", clients: 64, seconds: 5 })
    expect(databaseRunViolations(result)).toEqual([])
    expect(result.report.requests).toBeGreaterThan(200)
  }, 60_000)

  it("PostgreSQL, database sessions, connections killed mid-run: AdapterError answers while down, full recovery, no half-written rows", async () => {
    const result = await databaseSessionLoad({ db: "pg", clients: 64, seconds: 7, outage: { at: 2, seconds: 1.5 } })
    expect(databaseRunViolations(result, { outage: true })).toEqual([])
    expect(result.report.faults[0]!.detail.connectionsKilled).toBeGreaterThan(0)
  }, 60_000)

  it("JWT sessions while the secret rotates: old sessions still read, new ones use the new key", async () => {
    const result = await secretRotationLoad({ clients: 64, seconds: 4, rotateAt: 2 })
    expect(rotationRunViolations(result)).toEqual([])
  }, 60_000)
})

describe("the built rate-limit entry point", () => {
  it("@gatehouse/core/ratelimit loads from the build with its stores", async () => {
    const { memoryRateLimitStore, redisRateLimitStore, canonicalIp } = await import("@gatehouse/core/ratelimit")
    expect(memoryRateLimitStore().hit("k", 1000)).toMatchObject({ count: 1 })
    expect(typeof redisRateLimitStore).toBe("function")
    expect(canonicalIp("::FFFF:192.0.2.1")).toBe("192.0.2.1")
  })
})
