/**
 * The optional peers (@simplewebauthn/server, nodemailer) reach a bundler only through the
 * provider modules that need them, and installing them at any version an Auth.js app may have
 * pinned causes no install conflict. Reads the built packages: run `npm run build` first.
 */
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join, resolve } from "node:path"
import semver from "semver"
import { describe, expect, it } from "vitest"
import { scanOptionalPackages } from "../../scripts/optional-packages.mjs"

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
