/**
 * `shared-types.ts` is the leaf of the type graph: every module may point at it, so it may point at
 * none (an import here would pull the config and provider types back into a cycle). And modules
 * inside core name the jwt module they need, not the `jwt.ts` barrel that exists for
 * `@gatehouse/core/jwt`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const src = fileURLToPath(new URL(".", import.meta.url))
const importSpecifier = /\b(?:import|export)\b[^"'`;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g

function specifiers(source: string): string[] {
  return [...source.matchAll(importSpecifier)].map((match) => match[1] ?? match[2])
}

function* modules(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* modules(path)
    else if (name.endsWith(".ts") && !name.endsWith(".test.ts")) yield path
  }
}

describe("the type graph's leaf", () => {
  it("the import finder sees imports, type-only and re-exports included", () => {
    expect(specifiers(`import type { A } from "./a.js"\nexport { B } from "./b.js"\nexport type {\n  C,\n} from "./c.js"`)).toEqual([
      "./a.js",
      "./b.js",
      "./c.js",
    ])
  })

  it("shared-types.ts imports nothing", () => {
    expect(specifiers(readFileSync(join(src, "shared-types.ts"), "utf8"))).toEqual([])
  })

  it("no module inside core imports the jwt.ts barrel", () => {
    const barrel = join(src, "jwt.ts")
    const importers: string[] = []
    for (const file of modules(src)) {
      for (const specifier of specifiers(readFileSync(file, "utf8"))) {
        if (!specifier.startsWith(".")) continue
        if (join(file, "..", specifier.replace(/\.js$/, ".ts")) === barrel) importers.push(relative(src, file))
      }
    }
    expect(importers).toEqual([])
  })
})
