// The API reference: TypeDoc (with typedoc-plugin-markdown) over the type declarations of every public
// entry point of the packages apps import (each package.json's "exports"), one page per entry point.
// Declarations rather than sources: they are what an app sees, doc comments included.
import { readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { Application, ReflectionKind } from "typedoc"

/** The packages whose public entry points get reference pages. */
export const referencedPackages = ["core", "next", "sveltekit", "qwik", "adapter-sqlite", "adapter-pg"]

/**
 * Each public entry point of `packageDir` as [import specifier, declaration file]: every "exports" key with
 * types, except wildcard subpaths (the provider catalogue has its own pages) and package.json.
 */
export function publicEntryPoints(repoRoot, packageName) {
  const packageDir = join(repoRoot, "packages", packageName)
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"))
  const entries = []
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (subpath.includes("*") || subpath === "./package.json") continue
    const types = typeof target === "object" ? (target.types ?? target.import?.types ?? target.default?.types) : undefined
    if (typeof types !== "string") continue
    entries.push([subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, join(packageDir, types)])
  }
  return entries
}

/**
 * Writes the reference into `outDir` and answers its sidebar, its page count and the exported symbols
 * that have no doc comment (`undocumented`, as "specifier: name").
 */
export async function apiReference(repoRoot, outDir) {
  const entries = referencedPackages.flatMap((name) => publicEntryPoints(repoRoot, name))
  const app = await Application.bootstrapWithPlugins({
    entryPoints: entries.map(([, file]) => file),
    entryPointStrategy: "resolve",
    plugin: ["typedoc-plugin-markdown"],
    out: outDir,
    readme: "none",
    outputFileStrategy: "modules",
    hidePageHeader: true,
    // Doc comments mention tags (`<form>`) in prose: escaped, or VitePress (Vue) reads them as elements.
    sanitizeComments: true,
    // Explicit anchors: the links TypeDoc writes do not depend on the site's heading slugs.
    useHTMLAnchors: true,
    hideBreadcrumbs: true,
    entryFileName: "index",
    skipErrorChecking: true,
    excludePrivate: true,
    excludeInternal: true,
    disableSources: true,
    logLevel: "Error",
    name: "API reference",
    compilerOptions: { strict: true, skipLibCheck: true, moduleResolution: "bundler", module: "esnext", target: "es2022", types: ["node"] },
  })
  // Name each module by the specifier an app imports it with. TypeDoc names it by its file's path
  // relative to the entry points' common folder (packages/), without "/index.d.ts" or ".d.ts".
  const packagesDir = join(repoRoot, "packages")
  const specifierOf = new Map(
    entries.map(([specifier, file]) => [
      relative(packagesDir, file)
        .replace(/\.d\.ts$/, "")
        .replace(/\/index$/, ""),
      specifier,
    ]),
  )
  app.converter.on("resolveBegin", (context) => {
    for (const module of context.project.getChildrenByKind(ReflectionKind.Module)) {
      const specifier = specifierOf.get(module.name)
      if (specifier) module.name = specifier
    }
  })
  const project = await app.convert()
  if (!project) throw new Error("TypeDoc could not read the packages' declarations")
  await app.generateOutputs(project)

  const modules = project.getChildrenByKind(ReflectionKind.Module)
  const undocumented = []
  for (const module of modules) {
    for (const exported of module.children ?? []) {
      // A re-export is a reference: its comment is the declaration's.
      const child = exported.isReference?.() ? (exported.tryGetTargetReflectionDeep() ?? exported) : exported
      const commented = child.hasComment() || child.signatures?.some((signature) => signature.hasComment())
      if (!commented) undocumented.push(`${module.name}: ${exported.name}`)
    }
  }
  // The index lists every module page as TypeDoc named its file: the sidebar links to the same files.
  const index = readFileSync(join(outDir, "index.md"), "utf8")
  const sidebar = [...index.matchAll(/^- \[([^\]]+)\]\(([^)]+)\.md\)$/gm)].map(([, text, file]) => ({ text, link: `/api/${file}` }))
  return { sidebar, pageCount: modules.length + 1, undocumented, modules: modules.map((module) => module.name) }
}
