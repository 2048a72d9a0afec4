/**
 * The layer order of packages/core/src, as docs/design.md's "Layers" table writes it: a module may
 * load modules of its own layer and the layers below, never one above. Value imports are held
 * (`import`, `export … from`, `import()` of a literal: what loads what); type-only imports load
 * nothing and are held by the circle check in lint (scripts/import-circles.mjs) instead.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
import { fileURLToPath } from "node:url"
import ts from "typescript"
import { describe, expect, it } from "vitest"

const repoRoot = fileURLToPath(new URL("../../", import.meta.url))
const coreSrc = join(repoRoot, "packages/core/src")
const designDoc = join(repoRoot, "docs/design.md")

/** Folder (`http/`) or file (`config/resolve-config.ts`) → layer, from the table under "## Layers". */
function layersOf(markdown: string): Map<string, number> {
  const section = markdown.split(/^## Layers$/m)[1]?.split(/^## /m)[0]
  if (!section) throw new Error('docs/design.md has no "## Layers" section')
  const placed = new Map<string, number>()
  for (const line of section.split("\n")) {
    const row = /^\| (\d+) \|[^|]*\|([^|]*)\|$/.exec(line.trim())
    if (!row) continue
    for (const [, name] of row[2]!.matchAll(/`([^`]+)`/g)) {
      if (placed.has(name!)) throw new Error(`docs/design.md places ${name} twice`)
      placed.set(name!, Number(row[1]))
    }
  }
  return placed
}

const isLibrarySource = (path: string) =>
  /\.tsx?$/.test(path) && !/\.d\.ts$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.split(sep).includes("test-support")

function librarySources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === "test-support" ? [] : librarySources(path)
    return isLibrarySource(path) ? [path] : []
  })
}

/** A file's layer: its own entry, else its top folder's; undefined when the table places neither. */
function layerOf(file: string, placed: Map<string, number>): number | undefined {
  const path = relative(coreSrc, file).split(sep).join("/")
  if (placed.has(path)) return placed.get(path)
  const folder = path.includes("/") ? `${path.split("/")[0]}/` : undefined
  return folder ? placed.get(folder) : undefined
}

const typeOnlyImport = (statement: ts.ImportDeclaration) => {
  const clause = statement.importClause
  if (!clause) return false // import "./side-effect.js"
  if (clause.isTypeOnly) return true
  const bindings = clause.namedBindings
  return (
    !clause.name &&
    !!bindings &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  )
}

const typeOnlyExport = (statement: ts.ExportDeclaration) =>
  statement.isTypeOnly ||
  (!!statement.exportClause &&
    ts.isNamedExports(statement.exportClause) &&
    statement.exportClause.elements.length > 0 &&
    statement.exportClause.elements.every((e) => e.isTypeOnly))

/** The relative specifiers `source` loads at run time: value imports, value re-exports, literal `import()`. */
function loadedSpecifiers(fileName: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !typeOnlyImport(node)) {
      found.push(node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !typeOnlyExport(node)) {
      found.push(node.moduleSpecifier.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(sourceFile)
  return found.filter((specifier) => specifier.startsWith("."))
}

/** `from/file.ts → to/file.ts (layer a → b)` for each import of `file` that climbs. */
function climbingImports(file: string, source: string, placed: Map<string, number>): string[] {
  const from = layerOf(file, placed)
  const found: string[] = []
  for (const specifier of loadedSpecifiers(file, source)) {
    const target = resolve(dirname(file), specifier.replace(/\.js$/, ".ts"))
    const to = layerOf(target, placed)
    if (from !== undefined && to !== undefined && to > from) {
      found.push(`${relative(coreSrc, file)} → ${relative(coreSrc, target)} (layer ${from} → ${to})`)
    }
  }
  return found
}

const placed = layersOf(readFileSync(designDoc, "utf8"))
const files = librarySources(coreSrc)

describe("core's layers (docs/design.md)", () => {
  it("places every folder and top-level file of packages/core/src", () => {
    const unplaced = files.filter((file) => layerOf(file, placed) === undefined).map((file) => relative(coreSrc, file))
    expect(unplaced).toEqual([])
    expect(files.length).toBeGreaterThan(300)
  })

  it("names only folders and files that exist", () => {
    const missing = [...placed.keys()].filter((name) => {
      try {
        statSync(join(coreSrc, name))
        return false
      } catch {
        return true
      }
    })
    expect(missing).toEqual([])
  })

  it("no module loads one from a higher layer", () => {
    const climbing = files.flatMap((file) => climbingImports(file, readFileSync(file, "utf8"), placed))
    expect(climbing).toEqual([])
  })

  it("the check can fail: an upward import in any form is reported, a type-only one is not", () => {
    const planted = join(coreSrc, "crypto", "planted.ts")
    const source = [
      `import { Auth } from "../handler/auth.js"`,
      `export { getSession } from "../server/get-session.js"`,
      `const later = () => import("../actions/signin.js")`,
      `import "../pages/styles.js"`,
      `import type { AuthConfig } from "../types.js"`,
      `import { type InternalOptions } from "../providers/types.js"`,
      `export type { SessionOptions } from "../auth-options.js"`,
      `import { randomHex } from "./random-pool.js"`,
    ].join("\n")
    expect(climbingImports(planted, source, placed)).toEqual([
      "crypto/planted.ts → handler/auth.ts (layer 1 → 9)",
      "crypto/planted.ts → server/get-session.ts (layer 1 → 10)",
      "crypto/planted.ts → actions/signin.ts (layer 1 → 8)",
      "crypto/planted.ts → pages/styles.ts (layer 1 → 3)",
    ])
  })
})
