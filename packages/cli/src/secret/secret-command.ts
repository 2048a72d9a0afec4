import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { UsageError } from "../usage-error.js"

/** 32 random bytes, base64url: 43 characters, nothing a shell or a .env parser would mangle. */
export function generateSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url")
}

const assignment = /^[ \t]*(?:export[ \t]+)?AUTH_SECRET[ \t]*=.*$/m

export async function secretCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { write: { type: "string" }, force: { type: "boolean", default: false } },
    strict: true,
  })
  const secret = generateSecret()
  if (values.write === undefined) {
    process.stdout.write(`${secret}\n`)
    return 0
  }
  const file = values.write
  if (!file) throw new UsageError("--write needs a file name, e.g. --write .env.local")
  const line = `AUTH_SECRET=${secret}`
  const before = existsSync(file) ? readFileSync(file, "utf8") : undefined
  if (before !== undefined && assignment.test(before)) {
    if (!values.force) {
      process.stderr.write(`${file} already sets AUTH_SECRET; kept as it is (--force replaces it, signing everyone out)\n`)
      return 1
    }
    writeFileSync(file, before.replace(assignment, line))
    process.stdout.write(`Replaced AUTH_SECRET in ${file}\n`)
    return 0
  }
  const separator = before && !before.endsWith("\n") ? "\n" : ""
  // A new file holds a secret: readable by its owner only.
  writeFileSync(file, `${before ?? ""}${separator}${line}\n`, before === undefined ? { mode: 0o600 } : {})
  process.stdout.write(`Added AUTH_SECRET to ${file}\n`)
  return 0
}
