/**
 * The existing environment variable an app most likely meant when the one Gatehouse reads is
 * missing: `AUTH_GITHUB_ID` wanted, `AUTH_GTIHUB_ID` (a typo) or `AUTH_GITHUB_CLIENT_ID` (same
 * provider, same kind) set. The provider's other variables (`AUTH_GITHUB_SECRET` when the id is
 * wanted) are never offered.
 */
export function closestName(wanted: string, names: Iterable<string>, kind: string): string | undefined {
  const kindPattern = new RegExp(`(^|_)${kind}($|_)`)
  const stem = wanted.slice(0, -kind.length)
  const subject = stem.replace(/^AUTH_/, "").slice(0, -1)
  let best: { name: string; distance: number } | undefined
  for (const name of names) {
    if (name === wanted) continue
    const upper = name.toUpperCase()
    // The same provider's other variables (AUTH_GITHUB_SECRET for AUTH_GITHUB_ID) are right as they are.
    if (upper.startsWith(stem) && otherKinds.includes(upper.slice(stem.length)) && upper.slice(stem.length) !== kind) continue
    const distance = editDistance(wanted, upper)
    // Close in spelling, or of the same kind naming the same provider (GITHUB_ID, AUTH_GITHUB_CLIENT_ID).
    const near =
      distance <= Math.max(2, Math.floor(wanted.length / 4)) || (subject !== "" && kindPattern.test(upper) && upper.includes(subject))
    if (near && (!best || distance < best.distance)) best = { name, distance }
  }
  return best?.name
}

const otherKinds = ["ID", "SECRET", "KEY", "ISSUER"]

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
