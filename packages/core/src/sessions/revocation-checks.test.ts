/**
 * Issue 35, hole 2: a revocation check in flight when the session is revoked on this instance
 * (revoked, or signed out) must not store its older "still there" over the "revoked".
 */
import { describe, expect, it } from "vitest"
import type { InternalOptions } from "../providers/types.js"
import { isRevoked, remember } from "./revocation-checks.js"
import type { SessionRecords } from "./session-records.js"

const options = {
  session: { revocationCheckInterval: 60 },
  logger: { error: () => {}, warn: () => {}, debug: () => {} },
} as unknown as Pick<InternalOptions, "session" | "logger">

/** Records whose lookups answer only when the test says so. */
function slowRecords() {
  const answers: ((owner: string | null) => void)[] = []
  const records = {
    sessionsTable: false,
    ownerOfOwnedSession: () => new Promise<string | null>((resolve) => answers.push(resolve)),
  } as unknown as SessionRecords
  return { records, answers }
}

let serial = 0

describe("revocation answers (issue 35, hole 2)", () => {
  it("a 'still there' answered after the session was revoked here does not undo the revocation", async () => {
    const sid = `sid-${++serial}`
    const { records, answers } = slowRecords()
    const inFlight = isRevoked(sid, "owner-1", records, options)
    expect(inFlight).toBeInstanceOf(Promise)
    // The user revokes the session (or signs out) while the check is still waiting for the database.
    remember(sid, true)
    // The check started before the revocation: the database still had the record then.
    answers[0]!("owner-1")
    await inFlight
    expect(isRevoked(sid, "owner-1", records, options)).toBe(true)
    expect(answers).toHaveLength(1)
  })

  it("a read arriving while the old check is in flight is refused at once, not handed the older answer", async () => {
    const sid = `sid-${++serial}`
    const { records, answers } = slowRecords()
    const first = isRevoked(sid, "owner-1", records, options)
    remember(sid, true)
    expect(isRevoked(sid, "owner-1", records, options)).toBe(true)
    answers[0]!("owner-1")
    await first
  })

  it("a sign-in's 'not revoked' never replaces a revocation of the same id", () => {
    const sid = `sid-${++serial}`
    remember(sid, true)
    remember(sid, false, "owner-1")
    expect(isRevoked(sid, "owner-1", slowRecords().records, options)).toBe(true)
  })

  it("without a revocation, the answer is kept for the interval: reads make no further lookups", async () => {
    const sid = `sid-${++serial}`
    const { records, answers } = slowRecords()
    const first = isRevoked(sid, "owner-1", records, options)
    answers[0]!("owner-1")
    expect(await first).toBe(false)
    expect(isRevoked(sid, "owner-1", records, options)).toBe(false)
    // Another owner's token with the same id is asked about afresh, and refused.
    const other = isRevoked(sid, "owner-2", records, options)
    answers[1]!("owner-1")
    expect(await other).toBe(true)
    expect(answers).toHaveLength(2)
  })
})
