/**
 * A next-auth 4 app moves by replacing `next-auth` with `@gatehouse/next/v4` in its import
 * specifiers: every public subpath next-auth 4.24 exports (each provider module included) must
 * resolve under `@gatehouse/next/v4`, with types. The list is read from the installed next-auth 4
 * (`next-auth-v4`), so a module it has and we lack fails here.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { v4ProviderIds } from "../../packages/next/scripts/v4-provider-ids.mjs"

const require = createRequire(import.meta.url)
const nodeModules = fileURLToPath(new URL("../../node_modules/", import.meta.url))
const v4Dir = join(nodeModules, "next-auth-v4")
const v4Exports: Record<string, unknown> = JSON.parse(readFileSync(join(v4Dir, "package.json"), "utf8")).exports
const ours = JSON.parse(readFileSync(join(nodeModules, "@gatehouse/next/package.json"), "utf8"))

/** next-auth 4's own helper for its client, not an API apps import. */
const internal = new Set(["./client/_utils"])

function v4Subpaths(): string[] {
  const subpaths = Object.keys(v4Exports).filter((key) => !key.endsWith("/*") && !internal.has(key))
  const providers = readdirSync(join(v4Dir, "providers"))
    .filter((file) => file.endsWith(".js"))
    .map((file) => `./providers/${file.slice(0, -".js".length)}`)
  return [...subpaths, ...providers]
}

describe("@gatehouse/next/v4 against next-auth 4.24's modules", () => {
  const subpaths = v4Subpaths()

  it("next-auth 4's list is read (not vacuous)", () => {
    expect(subpaths).toContain(".")
    expect(subpaths).toContain("./middleware")
    expect(subpaths.filter((subpath) => subpath.startsWith("./providers/")).length).toBeGreaterThan(60)
  })

  it("the provider list the build writes is next-auth 4's", () => {
    const theirs = subpaths.filter((s) => s.startsWith("./providers/")).map((s) => s.slice("./providers/".length))
    expect([...v4ProviderIds].sort()).toEqual(theirs.sort())
  })

  it("every subpath resolves through Node's resolver, with types", () => {
    const missing: string[] = []
    for (const subpath of subpaths) {
      const specifier = `@gatehouse/next/v4${subpath === "." ? "" : subpath.slice(1)}`
      try {
        if (!existsSync(require.resolve(specifier))) missing.push(`${specifier} (no module)`)
      } catch {
        missing.push(`${specifier} (not exported)`)
      }
      const key = `./v4${subpath === "." ? "" : subpath.slice(1)}`
      const target = ours.exports[key] ?? ours.exports["./v4/providers/*"]
      const types = String(target?.types ?? "").replace("*", subpath.slice("./providers/".length))
      if (!types || !existsSync(join(nodeModules, "@gatehouse/next", types))) missing.push(`${specifier} (no types)`)
    }
    expect(missing).toEqual([])
  })

  it("v4's provider functions take v4's option names", async () => {
    const { default: GithubProvider } = await import("@gatehouse/next/v4/providers/github")
    const provider = GithubProvider({ clientId: "id", clientSecret: "secret" }) as any
    expect(provider).toMatchObject({ id: "github", options: { clientId: "id", clientSecret: "secret" } })
    const { default: CredentialsProvider } = await import("@gatehouse/next/v4/providers/credentials")
    expect(CredentialsProvider({ credentials: {}, authorize: () => null })).toMatchObject({ id: "credentials", type: "credentials" })
  })
})
