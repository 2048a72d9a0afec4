// Writes dist/providers/<id>.js and .d.ts re-exporting @gatehouse/core/providers/<id>, so apps
// import providers from "@gatehouse/qwik/providers/<id>" as they did from "@auth/qwik/providers/<id>".
// Generated from core's built catalogue so a provider added to core needs no change here.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

// Core's entry is dist/index.js; its providers sit beside it.
const coreDist = dirname(fileURLToPath(import.meta.resolve("@gatehouse/core")))
const coreProviders = join(coreDist, "providers")
const target = new URL("../dist/providers/", import.meta.url)
mkdirSync(target, { recursive: true })

let count = 0
for (const file of readdirSync(coreProviders)) {
  if (!file.endsWith(".js")) continue
  const id = file.slice(0, -".js".length)
  const specifier = `@gatehouse/core/providers/${id}`
  const declarations = readFileSync(join(coreProviders, `${id}.d.ts`), "utf8")
  const hasDefault = /export default|export \{[^}]*\bdefault\b/.test(declarations)
  const lines = [`export * from "${specifier}"`]
  if (hasDefault) lines.push(`export { default } from "${specifier}"`)
  const text = lines.join("\n") + "\n"
  writeFileSync(new URL(`${id}.js`, target), text)
  writeFileSync(new URL(`${id}.d.ts`, target), text)
  count++
}
console.log(`@gatehouse/qwik: ${count} provider re-exports written`)
