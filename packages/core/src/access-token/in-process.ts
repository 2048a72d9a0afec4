/**
 * What one process knows about refreshes: the refresh in flight per key (so concurrent callers
 * share one provider call), and recent outcomes per refresh token (so a request still carrying an
 * old session cookie gets the tokens it was replaced by, or the refusal, without a second call).
 * Only a first filter across instances: adapters coordinate through their account rows.
 *
 * On globalThis, not in this module: a bundler may load several copies of core in one process.
 */
import { sha256Hex } from "../crypto/sha256-hex.js"
import type { RefreshedTokens } from "./refresh-grant.js"

export type RememberedOutcome = { tokens: RefreshedTokens } | { refused: true } | { failed: Error }

interface State {
  inFlight: Map<string, Promise<unknown>>
  outcomes: Map<string, { until: number; outcome: RememberedOutcome }>
}

const state = ((globalThis as Record<symbol, unknown>)[Symbol.for("gatehouse.tokenRefresh")] ??= {
  inFlight: new Map(),
  outcomes: new Map(),
}) as State

/** Refusals and replacements are kept long enough for every request sent with the old cookie to arrive. */
export const rememberMs = 10 * 60_000
/** A failure that may pass is not retried for this long, so an outage at the provider sees no storm. */
export const failureBackoffMs = 5_000
const maxRemembered = 10_000

/** The first caller runs `work`; callers with the same key while it runs share its result. */
export function singleFlight<T>(key: string, work: () => Promise<T>): Promise<T> {
  const running = state.inFlight.get(key)
  if (running) return running as Promise<T>
  const started = work().finally(() => state.inFlight.delete(key))
  state.inFlight.set(key, started)
  return started
}

/** The key of a refresh token: its hash, so no map holds a live token as a key. */
export async function refreshKey(provider: string, refreshToken: string): Promise<string> {
  return `${provider}:${await sha256Hex(`gatehouse-refresh:${refreshToken}`)}`
}

export function remember(key: string, outcome: RememberedOutcome, forMs = rememberMs): void {
  if (state.outcomes.size >= maxRemembered) state.outcomes.delete(state.outcomes.keys().next().value!)
  state.outcomes.set(key, { until: Date.now() + forMs, outcome })
}

export function remembered(key: string): RememberedOutcome | undefined {
  const entry = state.outcomes.get(key)
  if (!entry) return undefined
  if (entry.until <= Date.now()) {
    state.outcomes.delete(key)
    return undefined
  }
  return entry.outcome
}
