/**
 * An app moving from Auth.js rewrites its imports and nothing else: every subpath that next-auth,
 * @auth/sveltekit and @auth/qwik export (each provider id included) must resolve on the Gatehouse
 * package, to a module where Auth.js has one and to type declarations where Auth.js has them.
 * The lists are read from the installed Auth.js packages, so a subpath or provider Auth.js adds
 * shows up here as a failure.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const require = createRequire(import.meta.url)

type Target = string | { types?: string; import?: string; default?: string; svelte?: string } | null
interface PackageJson {
  name: string
  types?: string
  exports: Record<string, Target>
  typesVersions?: Record<string, Record<string, string[]>>
}

// Read from the repository's node_modules: @auth/qwik does not export its package.json.
const nodeModules = fileURLToPath(new URL("../../node_modules/", import.meta.url))
function packageDir(name: string): string {
  return join(nodeModules, name)
}

function packageJson(name: string): PackageJson {
  return JSON.parse(readFileSync(join(packageDir(name), "package.json"), "utf8"))
}

function runtimeTarget(target: Target): string | undefined {
  if (typeof target === "string") return target
  return target?.import ?? target?.default ?? target?.svelte
}

function typesTarget(target: Target): string | undefined {
  return typeof target === "string" ? (target.endsWith(".d.ts") ? target : undefined) : target?.types
}

/** The file an export (pattern or not) points to for `subpath`, or undefined if nothing matches. */
function targetOf(pkg: PackageJson, subpath: string): Target | undefined {
  if (subpath in pkg.exports) return pkg.exports[subpath]
  for (const [key, target] of Object.entries(pkg.exports)) {
    if (!key.endsWith("/*") || !subpath.startsWith(key.slice(0, -1))) continue
    const rest = subpath.slice(key.length - 1)
    const fill = (path: string | undefined) => path?.replace("*", rest)
    if (typeof target === "string") return fill(target)
    if (target === null) return null
    return Object.fromEntries(Object.entries(target).map(([condition, path]) => [condition, fill(path)]))
  }
  return undefined
}

/** Auth.js's subpaths with the `./providers/*` pattern spelled out as one subpath per provider module. */
function authjsSubpaths(name: string): Array<{ subpath: string; target: Target }> {
  const pkg = packageJson(name)
  const subpaths: Array<{ subpath: string; target: Target }> = []
  for (const [key, target] of Object.entries(pkg.exports)) {
    if (!key.endsWith("/*")) {
      subpaths.push({ subpath: key, target })
      continue
    }
    const pattern = runtimeTarget(target) ?? typesTarget(target)!
    const [dirPart, suffix] = pattern.split("*")
    for (const file of readdirSync(join(packageDir(name), dirPart))) {
      if (!file.endsWith(suffix!) || file.endsWith(".map")) continue
      const id = file.slice(0, -suffix!.length)
      if (id === "index") continue
      const subpath = key.slice(0, -1) + id
      subpaths.push({ subpath, target: targetOf(pkg, subpath)! })
    }
  }
  return subpaths
}

const pairs = [
  { authjs: "next-auth", ours: "@gatehouse/next" },
  { authjs: "@auth/sveltekit", ours: "@gatehouse/sveltekit" },
  { authjs: "@auth/qwik", ours: "@gatehouse/qwik" },
]

describe.each(pairs)("$ours against $authjs", ({ authjs, ours }) => {
  const theirs = authjsSubpaths(authjs)
  const ourPkg = packageJson(ours)
  const ourDir = packageDir(ours)

  it("Auth.js's export list is read (the comparison is not vacuous)", () => {
    expect(theirs.map((entry) => entry.subpath)).toContain(".")
    expect(theirs.filter((entry) => entry.subpath.startsWith("./providers/")).length).toBeGreaterThan(90)
  })

  it("exports every subpath Auth.js exports, with a module where Auth.js has one and types where it has them", () => {
    const missing: string[] = []
    for (const { subpath, target } of theirs) {
      const ourTarget = targetOf(ourPkg, subpath)
      if (ourTarget === undefined || ourTarget === null) {
        missing.push(`${subpath} (not exported)`)
        continue
      }
      const runtime = runtimeTarget(ourTarget)
      if (runtimeTarget(target) && !(runtime && existsSync(join(ourDir, runtime)))) missing.push(`${subpath} (no module)`)
      const types = typesTarget(ourTarget)
      if (typesTarget(target) && !(types && existsSync(join(ourDir, types)))) missing.push(`${subpath} (no types)`)
    }
    expect(missing).toEqual([])
  })

  it("each of those subpaths resolves through Node's own resolver", () => {
    const unresolved = theirs
      .filter(({ target }) => runtimeTarget(target) !== undefined)
      .map(({ subpath }) => ours + subpath.slice(1))
      .filter((specifier) => {
        try {
          return !existsSync(require.resolve(specifier))
        } catch {
          return true
        }
      })
    expect(unresolved).toEqual([])
  })
})

describe("classic (node10) resolution sees the same types as the exports map", () => {
  it.each(["@gatehouse/core", "@gatehouse/next", "@gatehouse/sveltekit", "@gatehouse/qwik", "@gatehouse/webauthn-browser"])(
    "%s: a top-level types field and a typesVersions entry for each subpath",
    (name) => {
      const pkg = packageJson(name)
      expect(pkg.types).toBe(typesTarget(pkg.exports["."]!))
      const mapped = pkg.typesVersions?.["*"] ?? {}
      const disagreements: string[] = []
      for (const [subpath, target] of Object.entries(pkg.exports)) {
        const types = typesTarget(target)
        if (subpath === "." || !types) continue
        const entry = mapped[subpath.slice(2)]
        if (entry?.[0] !== types) disagreements.push(`${subpath}: exports ${types}, typesVersions ${entry?.[0]}`)
      }
      expect(disagreements).toEqual([])
    },
  )
})

describe("next-auth v4's entry points", () => {
  const load = { middleware: () => import("@gatehouse/next/middleware"), next: () => import("@gatehouse/next/next") }
  it.each(["middleware", "next"] as const)("@gatehouse/next/%s fails on import with the v5 way, as next-auth's does", async (subpath) => {
    const error = await load[subpath]().then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(ReferenceError)
    expect((error as Error).message).toContain(`"@gatehouse/next/${subpath}" is next-auth v4's API`)
    expect((error as Error).message).toMatch(/auth\(\)|export \{ auth as proxy \}/)
  })
})
