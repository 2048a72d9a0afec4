import { readdirSync } from "node:fs"
import { expect, test } from "vitest"
import { brandMarks } from "./brand-marks.js"

const providerIds = new Map<string, string>()
for (const file of readdirSync(new URL("../providers/", import.meta.url))) {
  if (!file.endsWith(".ts") || file.endsWith(".test.ts") || file === "index.ts" || file === "types.ts") continue
  const factory = (await import(`../providers/${file}`)).default
  if (typeof factory !== "function") continue
  try {
    const provider = factory({
      clientId: "id",
      clientSecret: "secret",
      issuer: "https://issuer.example.test",
      server: "console",
      apiKey: "key",
    })
    if (provider?.type === "oauth" || provider?.type === "oidc") providerIds.set(provider.id, file)
  } catch {
    // A factory that needs more options than these is not one a mark could be for.
  }
}

test.each(Object.keys(brandMarks))("the mark %s belongs to an OAuth/OIDC provider of the catalogue with that id", (id) => {
  expect(providerIds.has(id)).toBe(true)
})

test("every mark is one plain SVG path and colours that are plain hex", () => {
  expect(Object.keys(brandMarks).length).toBeGreaterThanOrEqual(50)
  for (const mark of Object.values(brandMarks)) {
    expect(mark.path).toMatch(/^[MmZzLlHhVvCcSsQqTtAa0-9.,\s-]+$/)
    expect(mark.light).toMatch(/^#[0-9a-f]{6}$/)
    expect(mark.dark).toMatch(/^#[0-9a-f]{6}$/)
  }
})
