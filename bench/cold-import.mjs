// Cold start: a fresh Node process that imports the package and exits, against bare `node -e 0`.
import { spawnSync } from "node:child_process"

function timeRun(args, runs) {
  const times = []
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint()
    const result = spawnSync(process.execPath, args, { stdio: "ignore" })
    if (result.status !== 0) throw new Error(`node ${args.join(" ")} failed`)
    times.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
  times.sort((a, b) => a - b)
  return times[Math.floor(times.length / 2)]
}

/** Median milliseconds of `node -e 0` and of importing each package, interleaved. */
export function coldImport(packages, runs = 15) {
  const scripts = { bare: ["-e", "0"] }
  for (const name of packages) scripts[name] = ["--input-type=module", "-e", `await import(${JSON.stringify(name)})`]
  const samples = Object.fromEntries(Object.keys(scripts).map((k) => [k, []]))
  for (let round = 0; round < 3; round++) {
    for (const [key, args] of Object.entries(scripts)) samples[key].push(timeRun(args, Math.ceil(runs / 3)))
  }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, v.sort((a, b) => a - b)[1]]))
}
