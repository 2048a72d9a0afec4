/**
 * Where the Workers bundle's bytes come from, per source folder: bundles the same small app as
 * test/packaging/workers-bundle.test.ts, but from packages/core/src (so the metafile names source
 * files, not dist chunks), and prints the minified bytes each folder contributes.
 * Usage: node bench/bundle-by-folder.mjs [--files] [--why <path part>] [--without <regex>]
 * (--files lists every file over 1 KiB; --why shows one import chain to each matching file;
 * --without weighs the bundle with the source files matching the pattern emptied: each export a no-op,
 * so what only they import drops out too. The bundle no longer works; it answers "what would
 * leaving this out save", e.g. --without 'src/ratelimit/')
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { gzipSync } from "node:zlib"
import { build } from "esbuild"
import { joseDirectKeyOnly, joseWithoutZip } from "../packages/core/scripts/jose-trims.mjs"
import { workerSource } from "../test/packaging/workers-app-source.mjs"

const repoRoot = resolve(import.meta.dirname, "..")
const src = join(repoRoot, "packages/core/src")
const workDir = join(repoRoot, ".tmp", `bundle-by-folder-${process.pid}`)
mkdirSync(workDir, { recursive: true })
const entry = join(workDir, "worker.mjs")
writeFileSync(
  entry,
  workerSource((subpath) => `${src}${subpath || "/index"}.ts`),
)
const withoutPattern = process.argv.includes("--without") ? new RegExp(process.argv[process.argv.indexOf("--without") + 1]) : undefined
/** Every matching source file becomes its exports' names bound to no-ops (type-only exports vanish anyway). */
const emptied = {
  name: "emptied",
  setup(build) {
    if (!withoutPattern) return
    build.onLoad({ filter: withoutPattern }, ({ path }) => {
      const names = [...readFileSync(path, "utf8").matchAll(/^export (?:async )?(?:function\*? |const |let |class )(\w+)/gm)]
      return { contents: names.map(([, name]) => `export const ${name} = () => {}`).join("\n"), loader: "js" }
    })
  },
}
try {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    nodePaths: [join(repoRoot, "node_modules")],
    write: false,
    metafile: true,
    logLevel: "silent",
    // What the published bundle leaves out of jose, left out here too.
    plugins: [joseWithoutZip, joseDirectKeyOnly, emptied],
  })
  const output = Object.values(result.metafile.outputs)[0]
  const folders = new Map()
  const files = []
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
    const inSrc = path.includes("packages/core/src/")
    const rel = inSrc ? path.slice(path.indexOf("packages/core/src/") + 18) : path.replace(/.*node_modules\//, "npm:")
    const folder = inSrc
      ? rel.includes("/")
        ? rel.slice(0, rel.indexOf("/"))
        : "(top)"
      : rel
          .split("/")
          .slice(0, rel.startsWith("npm:@") ? 2 : 1)
          .join("/")
    folders.set(folder, (folders.get(folder) ?? 0) + bytesInOutput)
    files.push([rel, bytesInOutput])
  }
  const total = result.outputFiles[0].contents
  console.log(`total ${(total.length / 1024).toFixed(1)} KiB minified, ${(gzipSync(total).length / 1024).toFixed(1)} KiB gzip`)
  for (const [folder, bytes] of [...folders].sort((a, b) => b[1] - a[1]))
    console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KiB  ${folder}`)
  const why = process.argv[process.argv.indexOf("--why") + 1]
  if (process.argv.includes("--why")) {
    // Who imports files matching the pattern, walking up to the entry (one chain each).
    const importers = new Map()
    for (const [path, input] of Object.entries(result.metafile.inputs))
      for (const { path: imported } of input.imports) if (!importers.has(imported)) importers.set(imported, path)
    for (const path of Object.keys(output.inputs).filter((p) => p.includes(why))) {
      const chain = [path]
      while (importers.has(chain.at(-1)) && chain.length < 20) chain.push(importers.get(chain.at(-1)))
      console.log(chain.map((p) => p.replace(/.*packages\/core\/src\//, "")).join(" <- "))
    }
  }
  if (process.argv.includes("--files"))
    for (const [file, bytes] of files.sort((a, b) => b[1] - a[1]))
      if (bytes > (process.argv.includes("--all") ? 0 : 1024)) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KiB    ${file}`)
} finally {
  rmSync(workDir, { recursive: true, force: true })
}
