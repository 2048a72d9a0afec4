import { chmodSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs"
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

// Every .env reader (dotenv, Next.js, Vite, Node's --env-file) takes the LAST of duplicated lines:
// replacing only the first would report success and leave the old secret in force.
test("--force replaces every AUTH_SECRET line, so the one readers use is the new one", async () => {
  const file = join(directory, "duplicated.env")
  writeFileSync(file, "AUTH_SECRET=first-old\nOTHER=1\n  export AUTH_SECRET = last-old\n", { mode: 0o600 })
  const forced = await runCli(["secret", "--write", file, "--force"])
  expect(forced.code).toBe(0)
  const after = readFileSync(file, "utf8")
  expect(after).not.toContain("first-old")
  expect(after).not.toContain("last-old")
  const lines = after.split("\n").filter((line) => line.includes("AUTH_SECRET"))
  expect(lines).toHaveLength(1)
  expect(after).toMatch(/^AUTH_SECRET=[A-Za-z0-9_-]{43}\nOTHER=1\n$/)
  expect(forced.stdout).toContain("2 AUTH_SECRET lines")
})

test("--force on a file with CRLF line ends replaces every AUTH_SECRET line and keeps the line ends", async () => {
  const file = join(directory, "windows.env")
  writeFileSync(file, "AUTH_SECRET=first-old\r\nOTHER=1\r\nAUTH_SECRET=last-old\r\n", { mode: 0o600 })
  const forced = await runCli(["secret", "--write", file, "--force"])
  expect(forced.code).toBe(0)
  expect(readFileSync(file, "utf8")).toMatch(/^AUTH_SECRET=[A-Za-z0-9_-]{43}\r\nOTHER=1\r\n$/)
})

test("a file that others can read gets a warning naming the fix", async () => {
  const file = join(directory, "shared.env")
  writeFileSync(file, "OTHER=1\n")
  chmodSync(file, 0o644)
  const result = await runCli(["secret", "--write", file])
  expect(result.code).toBe(0)
  expect(result.stderr).toContain(`warning: ${file} can be read by other users (mode 644)`)
  expect(result.stderr).toContain(`chmod 600 ${file}`)

  const privateFile = join(directory, "private.env")
  writeFileSync(privateFile, "OTHER=1\n", { mode: 0o600 })
  const quiet = await runCli(["secret", "--write", privateFile])
  expect(quiet.code).toBe(0)
  expect(quiet.stderr).toBe("")
})

test("a symbolic link is not followed unless --follow-symlink is given", async () => {
  const target = join(directory, "elsewhere.env")
  const link = join(directory, "linked.env")
  writeFileSync(target, "AUTH_SECRET=old\n", { mode: 0o600 })
  symlinkSync(target, link)
  const refused = await runCli(["secret", "--write", link, "--force"])
  expect(refused.code).toBe(1)
  expect(refused.stderr).toBe(
    `gatehouse secret: ${link} is a symbolic link to ${target}; nothing written (--follow-symlink writes to ${target})\n`,
  )
  expect(readFileSync(target, "utf8")).toBe("AUTH_SECRET=old\n")
  expect(lstatSync(link).isSymbolicLink()).toBe(true)

  const followed = await runCli(["secret", "--write", link, "--force", "--follow-symlink"])
  expect(followed.code).toBe(0)
  expect(followed.stdout).toBe(`Replaced AUTH_SECRET in ${target}\n`)
  expect(readFileSync(target, "utf8")).toMatch(/^AUTH_SECRET=[A-Za-z0-9_-]{43}\n$/)
  expect(lstatSync(link).isSymbolicLink()).toBe(true)
})

test("a dangling symbolic link is refused too (it would create a file elsewhere)", async () => {
  const link = join(directory, "dangling.env")
  const target = join(directory, "missing", "nowhere.env")
  symlinkSync(target, link)
  const refused = await runCli(["secret", "--write", link])
  expect(refused.code).toBe(1)
  expect(refused.stderr).toContain(`${link} is a symbolic link to ${target}; nothing written`)
})
