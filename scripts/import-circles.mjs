// Lists the import circles among the library sources (packages/*/src, tests left out): files that
// reach themselves through their own static imports and re-exports, type-only ones included (a type
// import still ties the two files' layers together). Modules are resolved the way the type check of
// the tests resolves them (tsconfig.tests.json: workspace packages to their sources), so a circle
// across packages counts too. Exits 1 when there is one; `--list` only prints them.
// Usage: node scripts/import-circles.mjs [--list]
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import ts from "typescript"

const root = resolve(import.meta.dirname, "..")
const config = ts.getParsedCommandLineOfConfigFile(
  join(root, "tsconfig.tests.json"),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"))
    },
  },
)
const options = config.options

const isSource = (file) => /\.(ts|tsx|mts)$/.test(file) && !/\.d\.ts$/.test(file) && !/\.test\.tsx?$/.test(file)

function sourcesUnder(folder) {
  const found = []
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) {
      if (name !== "node_modules" && name !== "test" && name !== "dist") found.push(...sourcesUnder(path))
    } else if (isSource(path)) found.push(path)
  }
  return found
}

const files = readdirSync(join(root, "packages"))
  .map((name) => join(root, "packages", name, "src"))
  .filter((folder) => {
    try {
      return statSync(folder).isDirectory()
    } catch {
      return false
    }
  })
  .flatMap(sourcesUnder)
const known = new Set(files)

/** The specifiers of a file's static imports and re-exports (`import type` and `export … from` included). */
function specifiersOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false)
  const specifiers = []
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier) {
      if (ts.isStringLiteral(statement.moduleSpecifier)) specifiers.push(statement.moduleSpecifier.text)
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
      const expression = statement.moduleReference.expression
      if (ts.isStringLiteral(expression)) specifiers.push(expression.text)
    }
  }
  return specifiers
}

const edges = new Map()
for (const file of files) {
  const targets = new Set()
  for (const specifier of specifiersOf(file)) {
    const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule?.resolvedFileName
    if (resolved && known.has(resolve(resolved))) targets.add(resolve(resolved))
  }
  edges.set(file, [...targets])
}

// Tarjan's strongly connected components: every group of files that reach one another is one circle.
let counter = 0
const index = new Map()
const low = new Map()
const stack = []
const onStack = new Set()
const groups = []
function connect(file) {
  index.set(file, counter)
  low.set(file, counter)
  counter++
  stack.push(file)
  onStack.add(file)
  for (const next of edges.get(file)) {
    if (!index.has(next)) {
      connect(next)
      low.set(file, Math.min(low.get(file), low.get(next)))
    } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)))
  }
  if (low.get(file) === index.get(file)) {
    const group = []
    let member
    do {
      member = stack.pop()
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1 || edges.get(file).includes(file)) groups.push(group)
  }
}
for (const file of files) if (!index.has(file)) connect(file)

/** One shortest way round a group, from its first file back to it, to show where to cut. */
function oneCircle(group) {
  const members = new Set(group)
  const start = [...group].sort()[0]
  const cameFrom = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()
    for (const next of edges.get(file)) {
      if (!members.has(next)) continue
      if (next === start) {
        const path = [file]
        while (cameFrom.get(path[0])) path.unshift(cameFrom.get(path[0]))
        return [...path, start]
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file)
        queue.push(next)
      }
    }
  }
  return [start]
}

const name = (file) => relative(root, file)
for (const group of groups) {
  console.log(`${group.length} files tied together: ${oneCircle(group).map(name).join(" → ")}`)
  if (group.length > 2) for (const file of [...group].sort()) console.log(`    ${name(file)}`)
}
console.log(`${groups.length} import circle(s) in packages/*/src`)
if (groups.length > 0 && !process.argv.includes("--list")) process.exit(1)
