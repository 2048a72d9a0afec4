// `npm run test:unit`: the fast part of the suite — the packages' own tests beside their code, minus those
// that need a service (PostgreSQL, Redis, a browser, a child process). Which ones do is read from their
// imports each time, so a new test that starts a database is left out without anyone keeping a list.
// The whole suite, services and browsers included, is `npm test`.
import { spawnSync } from "node:child_process"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

/** Imports that mean a test talks to something outside its process. */
const needsService =
  /from\s+["'](?:pg|redis|ioredis|playwright-core|better-sqlite3|node:child_process|@gatehouse\/test-kit\/(?:temporary-database|adapter-databases|smtp-sink|use-smtp-sink|redis-rest-server)|@gatehouse\/dev-idp|[^"']*(?:launch-chromium|spawn-server|temporary-database|adapter-databases|smtp-sink)[^"']*)["']/

const unitTests = []
for (const pkg of readdirSync("packages")) {
  const src = join("packages", pkg, "src")
  let names
  try {
    names = readdirSync(src, { recursive: true, encoding: "utf8" })
  } catch {
    continue
  }
  for (const name of names) {
    if (!name.endsWith(".test.ts") || name.includes("node_modules")) continue
    const file = join(src, name)
    if (!needsService.test(readFileSync(file, "utf8"))) unitTests.push(file)
  }
}
// The architecture checks read sources only: as fast as a unit test.
for (const name of readdirSync(join("test", "architecture"))) {
  if (name.endsWith(".test.ts")) unitTests.push(join("test", "architecture", name))
}
console.log(`test:unit: ${unitTests.length} files (packages/*/src and test/architecture, without services)`)
const run = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2), ...unitTests], { stdio: "inherit" })
process.exit(run.status ?? 1)
