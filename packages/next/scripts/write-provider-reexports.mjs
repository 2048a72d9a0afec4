// Writes dist/providers/<id>.js (+ .d.ts) re-exporting each of core's providers, so that
// `@gatehouse/next/providers/<id>` offers exactly the providers core ships, with nothing to keep in sync by hand.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

const require = createRequire(import.meta.url)
// The package entry lives in core's dist/, next to dist/providers/.
const coreDist = dirname(require.resolve("@gatehouse/core"))
const coreProviders = join(coreDist, "providers")
const outDir = new URL("../dist/providers/", import.meta.url)
mkdirSync(outDir, { recursive: true })

const names = readdirSync(coreProviders)
  .filter((file) => file.endsWith(".d.ts"))
  .map((file) => file.slice(0, -".d.ts".length))

let written = 0
for (const name of names) {
  const hasDefault = /export default|as default/.test(
    readFileSync(join(coreProviders, `${name}.d.ts`), "utf8"),
  )
  const specifier = name === "index" ? "@gatehouse/core/providers" : `@gatehouse/core/providers/${name}`
  const body = `export * from "${specifier}"\n${hasDefault ? `export { default } from "${specifier}"\n` : ""}`
  writeFileSync(new URL(`${name}.js`, outDir), body)
  writeFileSync(new URL(`${name}.d.ts`, outDir), body)
  written++
}
console.log(`@gatehouse/next: ${written} provider re-exports written`)
