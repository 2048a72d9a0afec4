// Writes dist/providers/<id>.js (+ .d.ts) in the integration package it runs in (its working directory),
// each re-exporting @gatehouse/core/providers/<id>, so apps import "@gatehouse/next/providers/github"
// as they imported "next-auth/providers/github". What is re-exported is exactly what core publishes under
// providers/ (its bundle's entry points: every provider, plus the types in index and types), so a provider
// added to core needs no change here and core's internal helpers never appear as providers.
// Usage, from an integration's package.json: "node ../../scripts/write-provider-reexports.mjs".
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

const packageDir = process.cwd()
const { name } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"))
// Resolved from the integration, as its users' bundlers will: core's entry is dist/index.js, providers beside it.
const coreProviders = join(dirname(createRequire(join(packageDir, "package.json")).resolve("@gatehouse/core")), "providers")
const published = existsSync(coreProviders) ? readdirSync(coreProviders).filter((file) => file.endsWith(".js")) : []
if (published.length === 0) {
  console.error(`${name}: no provider found in ${coreProviders}; build @gatehouse/core first.`)
  process.exit(1)
}

const out = join(packageDir, "dist", "providers")
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
for (const file of published) {
  const id = file.slice(0, -".js".length)
  const specifier = id === "index" ? "@gatehouse/core/providers" : `@gatehouse/core/providers/${id}`
  const declarations = readFileSync(join(coreProviders, `${id}.d.ts`), "utf8")
  const lines = [`export * from "${specifier}"`]
  if (/export default|export \{[^}]*\bas default\b/.test(declarations)) lines.push(`export { default } from "${specifier}"`)
  const text = `${lines.join("\n")}\n`
  writeFileSync(join(out, `${id}.js`), text)
  writeFileSync(join(out, `${id}.d.ts`), text)
}
console.log(`${name}: ${published.length} provider modules re-exported from @gatehouse/core`)
