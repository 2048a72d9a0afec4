// Writes dist/providers/<id>.js (+ .d.ts) for every provider core ships, so apps can import
// `@gatehouse/sveltekit/providers/<id>` exactly as they imported `@auth/sveltekit/providers/<id>`.
// Runs after svelte-package, reading core's built output, so the list never drifts from core.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

// Core's entry point is dist/index.js; its providers sit beside it.
const coreDist = join(dirname(fileURLToPath(import.meta.resolve("@gatehouse/core"))), "providers")
const out = new URL("../dist/providers/", import.meta.url).pathname
mkdirSync(out, { recursive: true })

let count = 0
for (const file of readdirSync(coreDist)) {
  if (!file.endsWith(".d.ts")) continue
  const id = file.slice(0, -".d.ts".length)
  const declarations = readFileSync(join(coreDist, file), "utf8")
  // Only provider modules have a default export (the factory); helpers and types do not.
  const hasDefault = /export default|export \{[^}]*\bdefault\b/.test(declarations)
  const module = `@gatehouse/core/providers/${id}`
  if (id === "index") {
    const body = `export * from "@gatehouse/core/providers"\n`
    writeFileSync(join(out, "index.js"), body)
    writeFileSync(join(out, "index.d.ts"), body)
    continue
  }
  if (!hasDefault) continue
  const body = `export * from "${module}"\nexport { default } from "${module}"\n`
  writeFileSync(join(out, `${id}.js`), body)
  writeFileSync(join(out, `${id}.d.ts`), body)
  count++
}
if (count === 0) {
  console.error(`No provider found in ${coreDist}: build @gatehouse/core first.`)
  process.exit(1)
}
console.log(`@gatehouse/sveltekit: re-exported ${count} providers`)
