/**
 * Answers a process keeps for an interval instead of asking the database on every read (the
 * revocation check, the unverified token's ownership check). Two rules keep them honest:
 * - a final answer ("revoked", "no longer that user's") is never replaced: a revocation is forever;
 * - an answer is stored only when nothing was recorded for its key since its question was asked
 *   (a sequence check): a "still there" that was in flight while the session was revoked on this
 *   instance arrives after the "revoked" and must not undo it (issue 35, hole 2).
 * Bounded: the oldest entries go first; an evicted key is simply asked again.
 */
export interface IntervalAnswer<T> {
  value: T
  /** When it was answered (ms). */
  at: number
  final: boolean
  /** The sequence number it was recorded under. */
  seq: number
}

export interface IntervalAnswers<T> {
  get(key: string): IntervalAnswer<T> | undefined
  /** A sequence number to give `settle` for a question asked now. */
  asking(): number
  /** Records an answer known now (a sign-in's, a revocation's): always taken, unless a final one is kept. */
  record(key: string, value: T, final: boolean): void
  /** Records a question's answer unless something newer (or final) was recorded for the key since it was asked. */
  settle(key: string, asked: number, value: T, final: boolean): IntervalAnswer<T> | undefined
  size(): number
}

export function intervalAnswers<T>(maxEntries: number): IntervalAnswers<T> {
  const answers = new Map<string, IntervalAnswer<T>>()
  let sequence = 0
  const store = (key: string, value: T, final: boolean) => {
    answers.delete(key)
    if (answers.size >= maxEntries) answers.delete(answers.keys().next().value!)
    answers.set(key, { value, at: Date.now(), final, seq: ++sequence })
  }
  return {
    get: (key) => answers.get(key),
    asking: () => sequence,
    record(key, value, final) {
      if (answers.get(key)?.final && !final) return
      store(key, value, final)
    },
    settle(key, asked, value, final) {
      const known = answers.get(key)
      if (known && (known.final || known.seq > asked)) return known
      store(key, value, final)
      return answers.get(key)
    },
    size: () => answers.size,
  }
}
