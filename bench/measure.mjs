// Throughput measurement with interleaved rounds, so that machine noise hits both sides alike.

/** Runs `op` `count` times with `inFlight` concurrent callers; returns operations per second. */
export async function throughput(op, count, inFlight) {
  let next = 0
  const start = process.hrtime.bigint()
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const i = next++
        await op(i)
      }
    }),
  )
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  return count / seconds
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/**
 * Measures every side of a case in alternating order for `rounds` rounds (after a warm-up)
 * and returns each side's median throughput.
 */
export async function compare(sides, { count, inFlight, rounds = 7 }) {
  const names = Object.keys(sides)
  for (const name of names) await throughput(sides[name], Math.ceil(count / 4), inFlight)
  const results = Object.fromEntries(names.map((n) => [n, []]))
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse()
    for (const name of order) results[name].push(await throughput(sides[name], count, inFlight))
  }
  return Object.fromEntries(names.map((n) => [n, median(results[n])]))
}
