/** `error`: something fails (sign-in, a provider, every request) or is unsafe; doctor exits non-zero. */
export type FindingLevel = "error" | "warning" | "info"

/**
 * One result of `gatehouse doctor`'s checks: how serious it is, which check, what is wrong and how to
 * fix it.
 */
export interface Finding {
  level: FindingLevel
  /** The check's stable name, e.g. `short-secret`. */
  check: string
  /** What is wrong, or for `info` what to know. */
  message: string
  /** What to do about it. */
  fix: string
}
