// Which built entry points of the @gatehouse packages reach an optional package (one an app
// installs only for the feature that needs it). A bundler resolves every import it can see,
// static or a literal `import("…")`, whether or not the code ever runs: an entry that names
// @simplewebauthn/server breaks the build of every app without it. So only the modules an app
// imports for that feature may name it; the build fails when any other entry reaches one.
//
// `node scripts/optional-packages.mjs` prints the findings and exits 1 on any; build.mjs runs it.
import { existsSync, readFileSync, readdirSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..")

/** Each optional package, and the provider modules (by file name) that exist to bring it. */
export const optionalPackages = {
  "@simplewebauthn/server": ["webauthn", "passkey"],
  nodemailer: ["nodemailer", "email"],
}

const importPatterns = [
  /\b(?:import|export)\s*(?:type\s+)?[\w*${},\s]*?\sfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  // Comments may sit inside import(…): bundlers' hints, or a note for the reader of a build error.
  /\bimport\s*\(\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n\s*)*["']([^"']+)["']\s*\)/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
]

function specifiersIn(file) {
  const source = readFileSync(file, "utf8")
  const found = new Set()
  for (const pattern of importPatterns) for (const match of source.matchAll(pattern)) found.add(match[1])
  return found
}

function packageName(specifier) {
  const parts = specifier.split("/")
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]
}

function manifests(root) {
  const byName = new Map()
  for (const folder of readdirSync(join(root, "packages"))) {
    const file = join(root, "packages", folder, "package.json")
    if (!existsSync(file)) continue
    const manifest = JSON.parse(readFileSync(file, "utf8"))
    byName.set(manifest.name, { dir: join(root, "packages", folder), manifest })
  }
  return byName
}

/** The JavaScript file an export condition object (or string) points at. */
function target(value) {
  if (typeof value === "string") return value.endsWith(".json") ? undefined : value
  return target(value?.svelte ?? value?.import ?? value?.default)
}

/** Every public entry of a package as [subpath, file], `*` patterns expanded over dist. */
function entriesOf({ dir, manifest }) {
  const entries = []
  for (const [subpath, value] of Object.entries(manifest.exports ?? {})) {
    const file = target(value)
    if (!file) continue
    if (!subpath.includes("*")) {
      entries.push([subpath, join(dir, file)])
      continue
    }
    const [before, after] = file.split("*")
    const folder = join(dir, before)
    if (!existsSync(folder)) continue
    for (const name of readdirSync(folder)) {
      if (!name.endsWith(after) || name.endsWith(`.d${after}`)) continue
      const stem = name.slice(0, -after.length)
      entries.push([subpath.replace("*", stem), join(folder, name)])
    }
  }
  return entries
}

/** The file an import of another @gatehouse package lands on, through that package's exports. */
function resolveWorkspaceImport(specifier, packages) {
  const pkg = packages.get(packageName(specifier))
  if (!pkg) return undefined
  const subpath = `.${specifier.slice(packageName(specifier).length)}`
  return entriesOf(pkg).find(([entry]) => entry === subpath)?.[1]
}

/** The external packages reachable from `entryFile`, each with the chain of files that reaches it. */
function externalImports(entryFile, packages) {
  const reached = new Map()
  const seen = new Set()
  const queue = [[entryFile, [entryFile]]]
  while (queue.length) {
    const [file, chain] = queue.shift()
    if (seen.has(file) || !existsSync(file)) continue
    seen.add(file)
    for (const specifier of specifiersIn(file)) {
      let next
      if (specifier.startsWith(".")) next = resolve(dirname(file), specifier)
      else if (specifier.startsWith("@gatehouse/")) next = resolveWorkspaceImport(specifier, packages)
      else {
        const name = packageName(specifier)
        if (!reached.has(name)) reached.set(name, chain)
        continue
      }
      if (next) queue.push([next, [...chain, next]])
    }
  }
  return reached
}

/**
 * Entries of the built @gatehouse packages that reach an optional package they are not meant
 * to bring, and (for the test) the entries that do reach one, as the check's own proof that it sees imports.
 */
export function scanOptionalPackages(root = repoRoot) {
  const packages = manifests(root)
  const violations = []
  const bringers = []
  for (const [name, pkg] of packages) {
    // Example apps and the private test kit are never installed by an app.
    if (name.startsWith("@gatehouse/example") || name === "@gatehouse/test-kit" || !pkg.manifest.exports) continue
    for (const [subpath, file] of entriesOf(pkg)) {
      const reached = externalImports(file, packages)
      for (const [optional, allowedProviders] of Object.entries(optionalPackages)) {
        const chain = reached.get(optional)
        if (!chain) continue
        const entry = `${name}${subpath.slice(1)}`
        // @gatehouse/next/v4/providers/<id> are next-auth 4's names for the same provider modules.
        const allowed = allowedProviders.some(
          (provider) => subpath === `./providers/${provider}` || subpath === `./v4/providers/${provider}`,
        )
        const finding = { entry, optional, via: chain.map((step) => relative(root, step)) }
        ;(allowed ? bringers : violations).push(finding)
      }
    }
  }
  return { violations, bringers }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { violations } = scanOptionalPackages()
  for (const { entry, optional, via } of violations) {
    console.error(`${entry} reaches the optional package ${optional}: ${via.join(" → ")}`)
  }
  if (violations.length) {
    console.error("Only the provider modules that need an optional package may import it (see scripts/optional-packages.mjs).")
    process.exit(1)
  }
}
