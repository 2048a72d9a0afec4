/**
 * npm shows a package's README.md and nothing else: every published workspace package must have
 * one, and `npm pack` (what `npm publish` uploads) must carry it beside dist.
 */
import { execFile } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"

const run = promisify(execFile)
const repoRoot = resolve(import.meta.dirname, "../..")

const published = readdirSync(join(repoRoot, "packages"))
  .map((folder) => ({ folder, manifest: JSON.parse(readFileSync(join(repoRoot, "packages", folder, "package.json"), "utf8")) }))
  .filter(({ manifest }) => !manifest.private)

describe("the READMEs of the published packages", () => {
  it("exist, each titled with its package's name", () => {
    expect(published.map(({ manifest }) => manifest.name)).toContain("@gatehouse/core")
    for (const { folder, manifest } of published) {
      const readme = join(repoRoot, "packages", folder, "README.md")
      expect(existsSync(readme), `packages/${folder}/README.md`).toBe(true)
      expect(readFileSync(readme, "utf8").split("\n")[0]).toBe(`# ${manifest.name}`)
    }
  })

  it("are in what npm pack would upload", async () => {
    const workspaces = published.flatMap(({ folder }) => ["-w", `packages/${folder}`])
    const { stdout } = await run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", ...workspaces], { cwd: repoRoot })
    const packs = JSON.parse(stdout) as Array<{ name: string; files: Array<{ path: string }> }>
    expect(packs.map(({ name }) => name).sort()).toEqual(published.map(({ manifest }) => manifest.name).sort())
    for (const { name, files } of packs)
      expect(
        files.map(({ path }) => path),
        name,
      ).toContain("README.md")
  }, 60_000)
})
