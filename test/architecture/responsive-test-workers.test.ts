/**
 * A test never blocks its vitest worker for long. A worker whose event loop is held over 60 s (a
 * synchronous build, a synchronous vitest run) has its calls to vitest's main process time out; that
 * unhandled error fails the whole run even when every test passed, as one CI run did. So tests and their
 * support code start processes with `spawn`/`execFile` and await them; the synchronous forms are allowed
 * only where listed below, each with why it stays short.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { expect, it } from "vitest"

const repoRoot = fileURLToPath(new URL("../../", import.meta.url))

/** Repository path → why its synchronous child process is short. */
const allowed: Record<string, string> = {
  "test/packaging/npx-scoped-cli.test.ts": "`git ls-files`: well under a second",
  "packages/core/src/jwt/jwe-paths.fuzz.test.ts": "`node -e` encoding and decoding two tokens: well under a second",
  "test/load/private-services.mjs": "not run by vitest: `npm run load` starts its own PostgreSQL and Redis in its own process",
}

const blocking = /\b(?:spawnSync|execSync|execFileSync)\s*\(/

function testCode(dir: string, found: string[] = []): string[] {
  if (!existsSync(dir)) return found
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) testCode(path, found)
    else if (/\.(?:[cm]?[jt]s)$/.test(entry.name)) found.push(path)
  }
  return found
}

it("no test or test support starts a child process synchronously, but the listed short ones", () => {
  const files = [
    ...testCode(join(repoRoot, "test")),
    ...readdirSync(join(repoRoot, "packages")).flatMap((name) => [
      ...testCode(join(repoRoot, "packages", name, "test")),
      ...testCode(join(repoRoot, "packages", name, "src")).filter((path) => path.endsWith(".test.ts")),
    ]),
  ]
  expect(files.length).toBeGreaterThan(250)
  const offenders = files
    .map((path) => relative(repoRoot, path))
    .filter((path) => !(path in allowed) && blocking.test(readFileSync(join(repoRoot, path), "utf8")))
  expect(offenders).toEqual([])
  // A listed file that no longer blocks is taken off the list.
  const stale = Object.keys(allowed).filter((path) => !blocking.test(readFileSync(join(repoRoot, path), "utf8")))
  expect(stale).toEqual([])
})
