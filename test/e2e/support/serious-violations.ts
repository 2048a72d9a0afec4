import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { Page } from "playwright-core"

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

/** axe-core (injected from the npm package, no network) on the page: its serious and critical violations. */
export async function seriousViolations(page: Page) {
  await page.addScriptTag({ content: axeSource })
  const results = await page.evaluate(() => (window as any).axe.run(document, { resultTypes: ["violations"] }))
  return (results.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[]; failureSummary: string }> }>)
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`) }))
}
