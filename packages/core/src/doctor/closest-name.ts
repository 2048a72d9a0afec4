/**
 * The existing environment variable an app most likely meant when the one Gatehouse reads is
 * missing: `AUTH_GITHUB_ID` wanted, `AUTH_GITHUB_CLIENT_ID` or `AUTH_GTIHUB_ID` set. A candidate
 * must be of the same kind (an id for an id, a secret for a secret), so `AUTH_GITHUB_SECRET` is
 * never offered as the missing id.
 */
export function closestName(wanted: string, names: Iterable<string>, kind: string): string | undefined {
  const kindPattern = new RegExp(`(^|_)${kind}($|_)`)
  const subject = wanted.replace(/^AUTH_/, "").slice(0, -(kind.length + 1))
  let best: { name: string; distance: number } | undefined
  for (const name of names) {
    if (name === wanted) continue
    const upper = name.toUpperCase()
    if (!kindPattern.test(upper)) continue
    const distance = editDistance(wanted, upper)
    // Close in spelling, or naming the same provider (GITHUB_ID, AUTH_GITHUB_CLIENT_ID).
    const near = distance <= Math.max(2, Math.floor(wanted.length / 4)) || (subject !== "" && upper.includes(subject))
    if (near && (!best || distance < best.distance)) best = { name, distance }
  }
  return best?.name
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution)
    }
    previous = current
  }
  return previous[b.length]!
}
