import { expect } from "vitest"
import type { Adapter, AdapterUser } from "@gatehouse/core/adapters"
import type { CapabilityGroup } from "./capabilities.js"
import { newUser } from "./fixtures.js"
import type { ConformanceOptions, RecordKind, RowInspector } from "./options.js"

/** What every group of tests gets: the adapter, what it implements, and shared checks. */
export class SuiteContext {
  constructor(
    /** Typed as complete: a group only calls methods of groups it was registered for. */
    readonly adapter: Required<Adapter>,
    private readonly implemented: readonly CapabilityGroup[],
    private readonly options: ConformanceOptions,
  ) {}

  get inspect(): RowInspector | undefined {
    return this.options.inspect
  }

  get failDeletes(): ConformanceOptions["failDeletes"] {
    return this.options.failDeletes
  }

  get idType(): "string" | "string-or-number" {
    return this.options.idType ?? "string"
  }

  /** Whether the adapter records the account page's dates (ConformanceOptions.keepsDates). */
  get keepsDates(): boolean {
    return this.options.keepsDates ?? true
  }

  has(group: CapabilityGroup): boolean {
    return this.implemented.includes(group)
  }

  /** Creates a user through the adapter and returns what the adapter returned. */
  async createUser(overrides: Partial<AdapterUser> = {}): Promise<AdapterUser> {
    return this.adapter.createUser(newUser(overrides))
  }

  /** An id no user has (a UUID, or for numeric-id adapters a number never handed out). */
  unknownUserId(): string {
    return this.idType === "string" ? crypto.randomUUID() : "2147483000"
  }

  /** Ids are compared by their string form, so numeric-id adapters are judged on the same terms. */
  expectSameId(actual: unknown, expected: unknown): void {
    expect(actual, "id").not.toBeNull()
    expect(actual, "id").not.toBeUndefined()
    expect(String(actual)).toBe(String(expected))
  }

  /** A user record as the contract defines it, compared field by field with what was stored. */
  expectUser(actual: AdapterUser | null | undefined, expected: Omit<AdapterUser, "id"> & { id: unknown }): void {
    expect(actual).toBeTruthy()
    const user = actual as AdapterUser
    this.expectSameId(user.id, expected.id)
    expect(user.name ?? null).toBe(expected.name ?? null)
    expect(user.email).toBe(expected.email)
    expect(user.image ?? null).toBe(expected.image ?? null)
    this.expectDateOrNull(user.emailVerified, expected.emailVerified)
  }

  /** Dates must come back as Date objects (never ISO strings or numbers) holding the same instant. */
  expectDate(actual: unknown, expected: Date): void {
    expect(actual).toBeInstanceOf(Date)
    expect((actual as Date).getTime()).toBe(expected.getTime())
  }

  expectDateOrNull(actual: unknown, expected: Date | null): void {
    if (expected === null) expect(actual ?? null).toBeNull()
    else this.expectDate(actual, expected)
  }

  /** Counts rows when the caller gave an inspector; the checks built on it are skipped otherwise. */
  async count(kind: RecordKind, userId?: unknown): Promise<number | undefined> {
    return this.inspect?.count(kind, userId === undefined ? undefined : String(userId))
  }
}
