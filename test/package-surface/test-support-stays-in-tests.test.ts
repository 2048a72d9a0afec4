/**
 * Test support (the private @gatehouse/test-kit and every package's test-support/ folder) is for
 * tests only: a library module that imports it would ship a test helper, or fail to resolve in
 * an app, where the kit is never installed. This walks every package's sources and fails on any
 * non-test module that imports test support, and on a published package that depends on the kit.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative, sep } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const repoRoot = fileURLToPath(new URL("../../", import.meta.url))
const sourceFile = /\.(?:[cm]?[jt]sx?|svelte)$/
const testFile = /\.test\.tsx?$/

/** A source file is test code when it is a test, or sits in a test-support/ or test/ folder. */
function isTestCode(path: string): boolean {
  const folders = path.split(sep).slice(0, -1)
  return testFile.test(path) || folders.includes("test-support") || folders.includes("test")
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (sourceFile.test(name)) yield path
  }
}

const importPatterns = [
  /\b(?:import|export)\s*(?:type\s+)?[\w*${},\s]*?\sfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
]

/** The import specifiers in `source` that reach test support. */
function testSupportImports(source: string): string[] {
  const found: string[] = []
  for (const pattern of importPatterns) {
    for (const [, specifier] of source.matchAll(pattern)) {
      if (specifier.startsWith("@gatehouse/test-kit") || specifier.split("/").includes("test-support")) found.push(specifier)
    }
  }
  return found
}

const packageFolders = readdirSync(join(repoRoot, "packages")).filter((folder) =>
  existsSync(join(repoRoot, "packages", folder, "package.json")),
)

describe("test support stays in tests", () => {
  it("sees an import of test support in every form a module can write it", () => {
    const planted = [
      `import { startSmtpSink } from "@gatehouse/test-kit/smtp-sink"`,
      `import type { TestBrowser } from "@gatehouse/test-kit/browser"`,
      `export { credentialsConfig } from "./test-support/credentials-config.js"`,
      `const kit = await import("@gatehouse/test-kit/hostile-text")`,
      `import "../test-support/setup.js"`,
    ].join("\n")
    expect(testSupportImports(planted)).toHaveLength(5)
    expect(testSupportImports(`import { Auth } from "../handler/auth.js"`)).toEqual([])
  })

  it("no library module of any package imports test support", () => {
    const offenders: string[] = []
    let scanned = 0
    for (const folder of packageFolders) {
      if (folder === "test-kit") continue
      const src = join(repoRoot, "packages", folder, "src")
      if (!existsSync(src)) continue
      for (const file of sourceFiles(src)) {
        const path = relative(repoRoot, file)
        if (isTestCode(path)) continue
        scanned++
        for (const specifier of testSupportImports(readFileSync(file, "utf8"))) offenders.push(`${path} imports ${specifier}`)
      }
    }
    expect(scanned).toBeGreaterThan(100)
    expect(offenders).toEqual([])
  })

  it("no package lists the test kit among the dependencies an app installs", () => {
    const offenders = packageFolders.filter((folder) => {
      const manifest = JSON.parse(readFileSync(join(repoRoot, "packages", folder, "package.json"), "utf8"))
      return "@gatehouse/test-kit" in { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies }
    })
    expect(offenders).toEqual([])
  })

  it("the test kit is private and never built", () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, "packages/test-kit/package.json"), "utf8"))
    expect(manifest.private).toBe(true)
    expect(manifest.scripts?.build).toBeUndefined()
  })
})
