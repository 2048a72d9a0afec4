/**
 * The optional peers (@simplewebauthn/server, nodemailer) reach a bundler only through the
 * provider modules that need them, and installing them at any version an Auth.js app may have
 * pinned causes no install conflict. Reads the built packages: run `npm run build` first.
 */
import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join, resolve } from "node:path"
import { promisify } from "node:util"
import semver from "semver"
import { describe, expect, it } from "vitest"
import { scanOptionalPackages } from "../../scripts/optional-packages.mjs"

const run = promisify(execFile)
const repoRoot = resolve(import.meta.dirname, "../..")
const core = JSON.parse(readFileSync(join(repoRoot, "packages/core/package.json"), "utf8"))

function versionOf(name: string, from = join(repoRoot, "packages/core")): string {
  for (let dir = dirname(createRequire(join(from, "package.json")).resolve(name)); ; dir = dirname(dir)) {
    const file = join(dir, "package.json")
    const manifest = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {}
    if (manifest.version) return manifest.version
  }
}

describe("optional peers in the built packages", () => {
  for (const pkg of ["core", "next", "sveltekit", "qwik"]) {
    if (!existsSync(join(repoRoot, "packages", pkg, "dist"))) throw new Error(`packages/${pkg} is not built: run \`npm run build\` first`)
  }
  const { violations, bringers } = scanOptionalPackages(repoRoot)

  it("no entry point other than the providers that need them reaches one, statically or through import()", () => {
    expect(violations).toEqual([])
  })

  it("sees the imports it looks for: the passkey, WebAuthn, nodemailer and e-mail providers do reach theirs", () => {
    const reached = bringers.map(({ entry, optional }) => `${entry} → ${optional}`)
    for (const prefix of ["@gatehouse/core", "@gatehouse/next", "@gatehouse/sveltekit", "@gatehouse/qwik"]) {
      expect(reached).toContain(`${prefix}/providers/passkey → @simplewebauthn/server`)
      expect(reached).toContain(`${prefix}/providers/webauthn → @simplewebauthn/server`)
      expect(reached).toContain(`${prefix}/providers/nodemailer → nodemailer`)
      expect(reached).toContain(`${prefix}/providers/email → nodemailer`)
    }
    expect(reached.filter((line) => /providers\/(resend|credentials|github) /.test(line))).toEqual([])
  })
})

describe("peer ranges", () => {
  it("accept @simplewebauthn/server 9 (next-auth's peer range ^9.0.2), so such apps install without ERESOLVE", () => {
    const range = core.peerDependencies["@simplewebauthn/server"]
    expect(core.peerDependenciesMeta["@simplewebauthn/server"].optional).toBe(true)
    for (const version of ["9.0.2", versionOf("simplewebauthn-server-9"), versionOf("@simplewebauthn/server")]) {
      expect(semver.satisfies(version, range), `${version} in ${range}`).toBe(true)
    }
  })

  it("keep nodemailer optional, and accept the version core is tested with", () => {
    expect(core.peerDependenciesMeta.nodemailer.optional).toBe(true)
    expect(semver.satisfies(versionOf("nodemailer"), core.peerDependencies.nodemailer)).toBe(true)
  })
})

describe("npm install", () => {
  it("installs an app that pins @simplewebauthn/server 9 beside the packed @gatehouse/core, with no ERESOLVE", async () => {
    const dir = join(repoRoot, ".tmp", `pins-simplewebauthn-9-${process.pid}-${randomBytes(3).toString("hex")}`)
    mkdirSync(dir, { recursive: true })
    try {
      const { stdout } = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", dir], {
        cwd: join(repoRoot, "packages/core"),
      })
      const [{ filename }] = JSON.parse(stdout) as [{ filename: string }]
      const dependencies = { "@gatehouse/core": `file:${filename}`, "@simplewebauthn/server": "^9.0.3" }
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "pins-simplewebauthn-9", private: true, dependencies }))
      // A dry run resolves the whole tree (npm's peer checks included) from the registry's metadata.
      const install = await run("npm", ["install", "--dry-run", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
        cwd: dir,
      }).then(
        ({ stdout, stderr }) => stdout + stderr,
        (error: { stdout?: string; stderr?: string }) => `failed: ${error.stdout}${error.stderr}`,
      )
      expect(install).not.toMatch(/ERESOLVE|failed/)
      expect(install).toMatch(/add @simplewebauthn\/server 9\./)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
