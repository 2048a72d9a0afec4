// Installed size of a package and the dependencies it pulls in (optional peers excluded),
// read from node_modules as npm laid it out.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

function packageDir(name, from) {
  const require = createRequire(join(from, "noop.js"))
  let dir = dirname(require.resolve(name))
  while (!(safeRead(join(dir, "package.json"))?.name === name)) dir = dirname(dir)
  return dir
}

function safeRead(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"))
  } catch {
    return undefined
  }
}

function directorySize(dir) {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? directorySize(path) : statSync(path).size
  }
  return total
}

/** Bytes on disk of `name` and every runtime dependency, each counted once. */
export function installedSize(name, from = process.cwd()) {
  const seen = new Map()
  const visit = (pkg, base) => {
    let dir
    try {
      dir = packageDir(pkg, base)
    } catch {
      return
    }
    if (seen.has(dir)) return
    const manifest = safeRead(join(dir, "package.json"))
    const files = manifest.files && pkg.startsWith("@gatehouse/") ? manifest.files.map((f) => join(dir, f)) : [dir]
    seen.set(
      dir,
      files.reduce((sum, f) => sum + (statSync(f).isDirectory() ? directorySize(f) : statSync(f).size), 0),
    )
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir)
  }
  visit(name, from)
  return [...seen.values()].reduce((a, b) => a + b, 0)
}
