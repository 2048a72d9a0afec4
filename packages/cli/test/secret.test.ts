import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, expect, test } from "vitest"
import { runCli } from "./support/run-cli.js"

const directory = mkdtempSync(join(tmpdir(), "gatehouse-secret-"))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

test("prints a new 32-byte base64url secret each time", async () => {
  const first = await runCli(["secret"])
  const second = await runCli(["secret"])
  expect(first.code).toBe(0)
  expect(first.stdout).toMatch(/^[A-Za-z0-9_-]{43}\n$/)
  expect(Buffer.from(first.stdout.trim(), "base64url")).toHaveLength(32)
  expect(second.stdout).not.toBe(first.stdout)
})

test("--write creates the file, readable by its owner only", async () => {
  const result = await runCli(["secret", "--write", ".env.local"], { cwd: directory })
  expect(result.code).toBe(0)
  expect(result.stdout).toBe("Added AUTH_SECRET to .env.local\n")
  const file = join(directory, ".env.local")
  expect(readFileSync(file, "utf8")).toMatch(/^AUTH_SECRET=[A-Za-z0-9_-]{43}\n$/)
  expect(statSync(file).mode & 0o777).toBe(0o600)
  rmSync(file)
})

test("--write appends to an existing file, keeping what is there", async () => {
  const file = join(directory, "append.env")
  writeFileSync(file, "DATABASE_URL=postgres://db/app")
  expect((await runCli(["secret", "--write", file])).code).toBe(0)
  expect(readFileSync(file, "utf8")).toMatch(/^DATABASE_URL=postgres:\/\/db\/app\nAUTH_SECRET=[A-Za-z0-9_-]{43}\n$/)
})

test("an AUTH_SECRET already in the file is kept without --force, replaced with it", async () => {
  const file = join(directory, "existing.env")
  const before = "# app\nexport AUTH_SECRET=keep-me\nOTHER=1\n"
  writeFileSync(file, before)
  const refused = await runCli(["secret", "--write", file])
  expect(refused.code).toBe(1)
  expect(refused.stderr).toContain("already sets AUTH_SECRET; kept as it is (--force replaces it")
  expect(readFileSync(file, "utf8")).toBe(before)

  const forced = await runCli(["secret", "--write", file, "--force"])
  expect(forced.code).toBe(0)
  const after = readFileSync(file, "utf8")
  expect(after).toMatch(/^# app\nAUTH_SECRET=[A-Za-z0-9_-]{43}\nOTHER=1\n$/)
  expect(after).not.toContain("keep-me")
})

test("an unknown option is refused", async () => {
  const result = await runCli(["secret", "--length", "8"])
  expect(result.code).toBe(1)
  expect(result.stderr).toMatch(/^gatehouse secret: Unknown option .--length/)
  expect(result.stderr).not.toContain("    at ")
})
