import { existsSync, lstatSync, readFileSync, readlinkSync, statSync, writeFileSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { parseArgs } from "node:util"
import { UsageError } from "../usage-error.js"

/** 32 random bytes, base64url: 43 characters, nothing a shell or a .env parser would mangle. */
export function generateSecret(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url")
}

const assignment = /^[ \t]*(?:export[ \t]+)?AUTH_SECRET[ \t]*=.*$/
const anyAssignment = new RegExp(assignment.source, "m")

/**
 * Puts `line` where the first AUTH_SECRET assignment was and drops every later one: dotenv, Next.js,
 * Vite and Node's --env-file all use the LAST of duplicated lines, so replacing only the first would
 * leave the old secret in force while saying it was replaced.
 */
function replaceAssignments(text: string, line: string): { text: string; replaced: number } {
  let replaced = 0
  const lines = text.split("\n").flatMap((current) => {
    // A file written on Windows keeps its CRLF line ends.
    const ending = current.endsWith("\r") ? "\r" : ""
    if (!assignment.test(current.slice(0, current.length - ending.length))) return [current]
    replaced += 1
    return replaced === 1 ? [`${line}${ending}`] : []
  })
  return { text: lines.join("\n"), replaced }
}

/** The file a link points at, as a path from here (the link's own text is relative to its folder). */
function linkTarget(file: string): string | undefined {
  try {
    if (!lstatSync(file).isSymbolicLink()) return undefined
  } catch {
    return undefined
  }
  return resolve(dirname(file), readlinkSync(file))
}

/** A secret in a file others can read is a secret shared with every account on the machine. */
function warnIfReadableByOthers(file: string): void {
  if (process.platform === "win32") return
  const mode = statSync(file).mode & 0o777
  if (mode & 0o077) {
    process.stderr.write(`warning: ${file} can be read by other users (mode ${mode.toString(8)}); make it private: chmod 600 ${file}\n`)
  }
}

export async function secretCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      write: { type: "string" },
      force: { type: "boolean", default: false },
      "follow-symlink": { type: "boolean", default: false },
    },
    strict: true,
  })
  const secret = generateSecret()
  if (values.write === undefined) {
    process.stdout.write(`${secret}\n`)
    return 0
  }
  const file = values.write
  if (!file) throw new UsageError("--write needs a file name, e.g. --write .env.local")
  // A link can send the secret somewhere nobody meant it to go (a shared or checked-in file):
  // write through it only when asked to, and then say where it went.
  const target = linkTarget(file)
  if (target !== undefined && !values["follow-symlink"]) {
    throw new UsageError(`${file} is a symbolic link to ${target}; nothing written (--follow-symlink writes to ${target})`)
  }
  const shown = target ?? file
  const line = `AUTH_SECRET=${secret}`
  const before = existsSync(file) ? readFileSync(file, "utf8") : undefined
  if (before !== undefined && anyAssignment.test(before)) {
    if (!values.force) {
      process.stderr.write(`${shown} already sets AUTH_SECRET; kept as it is (--force replaces it, signing everyone out)\n`)
      return 1
    }
    const { text, replaced } = replaceAssignments(before, line)
    writeFileSync(file, text)
    const duplicates = replaced > 1 ? ` (${replaced} AUTH_SECRET lines were there; one is left)` : ""
    process.stdout.write(`Replaced AUTH_SECRET in ${shown}${duplicates}\n`)
    warnIfReadableByOthers(file)
    return 0
  }
  const separator = before && !before.endsWith("\n") ? "\n" : ""
  // A new file holds a secret: readable by its owner only.
  writeFileSync(file, `${before ?? ""}${separator}${line}\n`, before === undefined ? { mode: 0o600 } : {})
  process.stdout.write(`Added AUTH_SECRET to ${shown}\n`)
  warnIfReadableByOthers(file)
  return 0
}
