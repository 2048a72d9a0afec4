// Writes dist/v4/providers/<id>.js (+ .d.ts) for every provider module next-auth 4.24 has, each
// re-exporting @gatehouse/core's provider of that id, so a v4 app imports
// "@gatehouse/next/v4/providers/github" where it imported "next-auth/providers/github" and calls
// it with the same options (`GithubProvider({ clientId, clientSecret })`). v4's "oauth" module held
// only the provider types; it re-exports core's. Run after tsc, from packages/next.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { v4ProviderIds } from "./v4-provider-ids.mjs"

const packageDir = process.cwd()
const coreProviders = join(dirname(createRequire(join(packageDir, "package.json")).resolve("@gatehouse/core")), "providers")
const out = join(packageDir, "dist", "v4", "providers")
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
const missing = []
for (const id of v4ProviderIds) {
  const source = id === "oauth" ? "types" : id
  const declarationsFile = join(coreProviders, `${source}.d.ts`)
  if (!existsSync(declarationsFile)) {
    missing.push(id)
    continue
  }
  const specifier = source === "index" ? "@gatehouse/core/providers" : `@gatehouse/core/providers/${source}`
  const lines = [`export * from "${specifier}"`]
  if (/export default|export \{[^}]*\bas default\b/.test(readFileSync(declarationsFile, "utf8"))) {
    lines.push(`export { default } from "${specifier}"`)
  }
  const text = `${lines.join("\n")}\n`
  writeFileSync(join(out, `${id}.js`), text)
  writeFileSync(join(out, `${id}.d.ts`), text)
}
if (missing.length > 0) {
  console.error(`@gatehouse/next: next-auth 4 providers without a core provider: ${missing.join(", ")}`)
  process.exit(1)
}
console.log(`@gatehouse/next: ${v4ProviderIds.length} next-auth 4 provider modules under v4/providers`)
