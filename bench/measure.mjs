// Throughput measurement with interleaved rounds, so that machine noise hits both sides alike.

/** Runs `op` `count` times with `inFlight` concurrent callers; returns operations per second. */
export async function throughput(op, count, inFlight) {
  return (await timed(op, count, inFlight)).rate
}

/** As throughput, plus this process's CPU time (all threads, garbage collector included) per operation, in µs. */
async function timed(op, count, inFlight) {
  let next = 0
  const cpuBefore = process.cpuUsage()
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
  const cpu = process.cpuUsage(cpuBefore)
  return { rate: count / seconds, cpuMicros: (cpu.user + cpu.system) / count }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/**
 * Measures every side of a case in alternating order for `rounds` rounds (after a warm-up round)
 * and returns each side's median throughput, plus `details`: per side the median CPU µs per
 * operation and every round's rate, and for two sides the ratio of each round's pair (first
 * side ÷ second), whose spread shows how much the machine moved under the measurement.
 * `meters` (optional, per side): functions returning a running total (e.g. database CPU time,
 * statements sent), read around each round; `details[side].meters[name]` is its median per operation.
 */
export async function compare(sides, { count, inFlight, rounds = 7, meters = {} }) {
  const names = Object.keys(sides)
  // One unrecorded round per side first: a quarter round left the JIT still compiling the less
  // travelled paths (a first read alone in a run measured up to 2.8× the no-cookie read in CPU).
  for (const name of names) await throughput(sides[name], count, inFlight)
  const results = Object.fromEntries(names.map((n) => [n, []]))
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse()
    for (const name of order) {
      const sideMeters = Object.entries(meters[name] ?? {})
      const before = await Promise.all(sideMeters.map(([, read]) => read()))
      const result = await timed(sides[name], count, inFlight)
      const after = await Promise.all(sideMeters.map(([, read]) => read()))
      result.meters = Object.fromEntries(sideMeters.map(([meter], i) => [meter, (after[i] - before[i]) / count]))
      results[name].push(result)
    }
  }
  const details = Object.fromEntries(
    names.map((n) => [
      n,
      {
        rates: results[n].map((r) => r.rate),
        cpuMicros: median(results[n].map((r) => r.cpuMicros)),
        meters: Object.fromEntries(Object.keys(meters[n] ?? {}).map((m) => [m, median(results[n].map((r) => r.meters[m]))])),
      },
    ]),
  )
  if (names.length === 2) details.roundRatios = results[names[0]].map((r, i) => r.rate / results[names[1]][i].rate)
  return { ...Object.fromEntries(names.map((n) => [n, median(results[n].map((r) => r.rate))])), details }
}

/** "rounds 1.9–2.4×": the lowest and highest ratio of one round's pair (both sides measured back to back). */
export const roundSpread = (ratios) => (ratios ? `rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×` : "")
