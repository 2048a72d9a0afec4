/**
 * `npx gatehouse …` in an app without @gatehouse/cli installed fetches and runs whatever package
 * on the registry is called `gatehouse` — not ours. Every instruction a reader may copy (docs,
 * READMEs, messages printed by the code) names the scoped package: `npx @gatehouse/cli …`, which
 * runs the `gatehouse` command of @gatehouse/cli whether it is installed or not.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"

const repoRoot = resolve(import.meta.dirname, "../..")
const thisFile = "test/packaging/npx-scoped-cli.test.ts"

/** A package runner followed by the bare name (`npx gatehouse`, `pnpm dlx gatehouse`, `bunx --yes gatehouse`…). */
const bareRunner = new RegExp(
  String.raw`\b(?:npx|pnpx|bunx|(?:pnpm|yarn) dlx|npm exec)(?:\s+-{1,2}[\w-]+)*\s+` + "gate" + String.raw`house(?![\w/@-])`,
  "g",
)

function trackedTextFiles(): string[] {
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: repoRoot, encoding: "utf8" }).split("\0")
  return files.filter(
    (file) => /\.(?:md|ts|tsx|js|mjs|cjs|svelte|json)$/.test(file) && file !== thisFile && !file.endsWith("package-lock.json"),
  )
}

describe("instructions to run the CLI", () => {
  it("never say npx gatehouse (or another runner with the bare name)", () => {
    const files = trackedTextFiles()
    expect(files).toContain("README.md")
    expect(files).toContain("packages/cli/README.md")
    const offenders: string[] = []
    for (const file of files) {
      const text = readFileSync(join(repoRoot, file), "utf8")
      for (const match of text.matchAll(bareRunner)) {
        const line = text.slice(0, match.index).split("\n").length
        offenders.push(`${file}:${line}: ${match[0]}`)
      }
    }
    expect(offenders).toEqual([])
  })

  it("the pattern finds what it is for", () => {
    for (const bad of [
      "npx gatehouse secret",
      "run `npx gatehouse migrate`",
      "pnpm dlx gatehouse doctor",
      "npx --yes gatehouse",
      "bunx gatehouse",
    ]) {
      expect(bad.match(bareRunner), bad).not.toBeNull()
    }
    for (const good of ["npx @gatehouse/cli secret", "npx gatehouse-other", "gatehouse migrate", "npm i -D @gatehouse/cli"]) {
      expect(good.match(bareRunner), good).toBeNull()
    }
  })

  it("npx @gatehouse/cli runs the gatehouse command: the package has exactly that one bin", () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, "packages/cli/package.json"), "utf8"))
    expect(manifest.name).toBe("@gatehouse/cli")
    expect(Object.keys(manifest.bin)).toEqual(["gatehouse"])
  })
})
