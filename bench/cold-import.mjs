// Cold start: fresh Node processes that import a package (and answer one first request), against
// bare `node -e 0`, every case and side spawned in turn so that a loaded machine slows them alike;
// wall time (what a user waits) and each child's own CPU time (what load on the machine disturbs least).
//
// `node bench/cold-import.mjs [--quick] [--rounds N] [--baseline <core package dir>]`
// Cases: the import alone; import + GET /auth/session with a valid JWT cookie; import + GET
// /auth/signin (the built-in page); import + the OAuth sign-in POST (the authorization redirect).
// `--baseline` adds another build of @gatehouse/core (a folder holding its package.json and dist/,
// e.g. a copy taken before a change) as a third side. Every child checks its answer and fails the
// run when it is wrong, so a case never times a refusal.
import { spawnSync } from "node:child_process"
import { createHash, randomBytes } from "node:crypto"
import { resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { encode } from "@auth/core/jwt"
import { benchSecret } from "./credentials-sign-in.mjs"

const repoRoot = resolve(import.meta.dirname, "..")
const origin = "http://localhost:3000"

// Preloaded into every child (CommonJS, so the bare process loads no ES module machinery for it):
// prints the child's own CPU time at exit. CPU time is what the machine's load disturbs least; wall
// time is what a user waits.
const cpuPreload = resolve(repoRoot, "bench/cpu-at-exit.cjs")

/** Wall milliseconds of one child, and the CPU milliseconds it reports. */
function spawnMs(args) {
  const start = process.hrtime.bigint()
  const result = spawnSync(process.execPath, ["-r", cpuPreload, ...args], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  })
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} failed:\n${result.stderr}`)
  const wall = Number(process.hrtime.bigint() - start) / 1e6
  const cpu = Number(/cpu ([\d.]+)/.exec(result.stdout)?.[1])
  return { wall, cpu }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** Median milliseconds of `node -e 0` and of importing each package, interleaved spawn by spawn. */
export function coldImport(packages, runs = 15) {
  const scripts = { bare: ["-e", "0"] }
  for (const name of packages) scripts[name] = ["--input-type=module", "-e", `await import(${JSON.stringify(name)})`]
  const samples = Object.fromEntries(Object.keys(scripts).map((k) => [k, []]))
  for (let round = 0; round < runs; round++) {
    for (const [key, args] of Object.entries(scripts)) samples[key].push(spawnMs(args).wall)
  }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]))
}

// The same app for every side: JWT sessions and one OAuth provider whose endpoints are declared (no
// discovery request), as plain objects both libraries read.
const provider = {
  id: "example",
  name: "Example",
  type: "oauth",
  clientId: "cold-client",
  clientSecret: "cold-secret",
  authorization: { url: "https://idp.example.test/authorize", params: { scope: "openid email" } },
  token: "https://idp.example.test/token",
  userinfo: "https://idp.example.test/userinfo",
  checks: ["pkce", "state"],
}
const user = { name: "Cold Start", email: "cold@example.test", sub: "cold-1" }
const sessionCookie = `authjs.session-token=${await encode({ token: user, secret: benchSecret, salt: "authjs.session-token" })}`
// The CSRF cookie a browser got with the sign-in page (Auth.js's `<token>|sha256(token + secret)`).
const csrfToken = randomBytes(32).toString("hex")
const csrfCookie = `authjs.csrf-token=${csrfToken}|${createHash("sha256").update(`${csrfToken}${benchSecret}`).digest("hex")}`

/** Each case: the request it sends after the import, and the check its answer must pass. */
const requestCases = {
  session: {
    request: `new Request(${JSON.stringify(`${origin}/auth/session`)}, { headers: { cookie: ${JSON.stringify(sessionCookie)} } })`,
    check: `response.status === 200 && (await response.json())?.user?.email === ${JSON.stringify(user.email)}`,
  },
  "signin page": {
    request: `new Request(${JSON.stringify(`${origin}/auth/signin`)})`,
    check: `response.status === 200 && (await response.text()).includes("Example")`,
  },
  "oauth sign-in": {
    request: `new Request(${JSON.stringify(`${origin}/auth/signin/example`)}, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: ${JSON.stringify(csrfCookie)} },
      body: new URLSearchParams({ csrfToken: ${JSON.stringify(csrfToken)}, callbackUrl: ${JSON.stringify(`${origin}/`)} }),
    })`,
    check: `response.status === 302 && response.headers.get("location").startsWith("https://idp.example.test/authorize?")`,
  },
}

function childScript(specifier, caseName) {
  const load = `const { Auth } = await import(${JSON.stringify(specifier)})`
  if (caseName === "import") return load
  const { request, check } = requestCases[caseName]
  const config = { secret: benchSecret, trustHost: true, basePath: "/auth", session: { strategy: "jwt" }, providers: [provider] }
  return `${load}
const response = await Auth(${request}, ${JSON.stringify(config)})
if (!(${check})) { console.error(response.status, [...response.headers]); process.exit(1) }`
}

/**
 * Medians (and quartiles) of every side × case, each spawn of a round in turn, the bare process
 * included, so load on the machine falls on all of them alike. `sides`: name → import specifier.
 */
export function coldStart(sides, rounds) {
  const cases = ["import", ...Object.keys(requestCases)]
  const runs = [["bare", "bare", ["-e", "0"]]]
  for (const caseName of cases) {
    for (const [side, specifier] of Object.entries(sides)) {
      runs.push([side, caseName, ["--input-type=module", "-e", childScript(specifier, caseName)]])
    }
  }
  const samples = new Map(runs.map(([side, caseName]) => [`${side}\t${caseName}`, []]))
  for (const [, , args] of runs) spawnMs(args) // warm the file cache and check every answer once
  for (let round = 0; round < rounds; round++) {
    // Rotated each round so no side always follows the same neighbour.
    for (let i = 0; i < runs.length; i++) {
      const [side, caseName, args] = runs[(i + round) % runs.length]
      samples.get(`${side}\t${caseName}`).push(spawnMs(args))
    }
  }
  const quartiles = (values) => {
    const sorted = [...values].sort((a, b) => a - b)
    const at = (q) => sorted[Math.floor(q * (sorted.length - 1))]
    return { median: at(0.5), p25: at(0.25), p75: at(0.75) }
  }
  const summary = (measure) =>
    Object.fromEntries([...samples].map(([key, values]) => [key, quartiles(values.map((sample) => sample[measure]))]))
  return { cases, results: summary("wall"), cpu: summary("cpu") }
}

if (process.argv[1] === import.meta.filename) {
  const argument = (name) => {
    const index = process.argv.indexOf(name)
    return index === -1 ? undefined : process.argv[index + 1]
  }
  const quick = process.argv.includes("--quick")
  const rounds = Number(argument("--rounds") ?? (quick ? 9 : 31))
  const sides = { gatehouse: "@gatehouse/core" }
  const baseline = argument("--baseline")
  if (baseline) sides["gatehouse (baseline)"] = pathToFileURL(resolve(baseline, "dist/index.js")).href
  sides["@auth/core"] = "@auth/core"
  const { cases, results, cpu } = coldStart(sides, rounds)
  const width = Math.max(...Object.keys(sides).map((s) => s.length)) + 2
  for (const [what, table] of [
    ["wall", results],
    ["CPU", cpu],
  ]) {
    const bare = table["bare\tbare"].median
    console.log(
      `${rounds} interleaved rounds; bare \`node -e 0\`: ${bare.toFixed(1)} ms ${what} (median). Milliseconds over bare, median [p25–p75]:`,
    )
    console.log(`${"".padEnd(width)}${cases.map((c) => c.padStart(24)).join("")}`)
    for (const side of Object.keys(sides)) {
      const cells = cases.map((caseName) => {
        const { median, p25, p75 } = table[`${side}\t${caseName}`]
        return `+${(median - bare).toFixed(1)} [${(p25 - bare).toFixed(0)}–${(p75 - bare).toFixed(0)}]`.padStart(24)
      })
      console.log(`${side.padEnd(width)}${cells.join("")}`)
    }
    const ratio = (caseName) => (table[`gatehouse\t${caseName}`].median - bare) / (table[`@auth/core\t${caseName}`].median - bare)
    console.log(`gatehouse / @auth/core (${what} over bare): ${cases.map((c) => `${c} ${ratio(c).toFixed(2)}`).join(", ")}\n`)
  }
}
