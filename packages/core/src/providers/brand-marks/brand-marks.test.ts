import { readdirSync } from "node:fs"
import { expect, test } from "vitest"
import type { BrandMark } from "./brand-mark.js"

const markIds = readdirSync(new URL("./", import.meta.url))
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && file !== "brand-mark.ts")
  .map((file) => file.slice(0, -".ts".length))

/** Each catalogue provider's default config, by id, with enough options that every factory builds. */
const providers = new Map<string, any>()
for (const file of readdirSync(new URL("../", import.meta.url))) {
  if (!file.endsWith(".ts") || file.endsWith(".test.ts") || file === "index.ts" || file === "types.ts") continue
  const factory = (await import(`../${file}`)).default
  if (typeof factory !== "function") continue
  try {
    const provider = factory({ clientId: "id", clientSecret: "secret", issuer: "https://issuer.example.test", server: "console", apiKey: "key" })
    if (provider?.type === "oauth" || provider?.type === "oidc") providers.set(provider.id, provider)
  } catch {
    // A factory that needs more options than these is not one a mark could be for.
  }
}

test.each(markIds)("the mark %s is carried by the catalogue provider with that id, and by no other", async (id) => {
  const mark: BrandMark = (await import(`./${id}.ts`)).default
  expect(providers.get(id)?.style?.mark).toBe(mark)
  for (const [otherId, provider] of providers) if (otherId !== id) expect(provider.style?.mark).not.toBe(mark)
})

test("every mark is one plain SVG path and colours that are plain hex", async () => {
  expect(markIds.length).toBeGreaterThanOrEqual(50)
  for (const id of markIds) {
    const mark: BrandMark = (await import(`./${id}.ts`)).default
    expect(mark.path).toMatch(/^[MmZzLlHhVvCcSsQqTtAa0-9.,\s-]+$/)
    expect(mark.light).toMatch(/^#[0-9a-f]{6}$/)
    expect(mark.dark).toMatch(/^#[0-9a-f]{6}$/)
  }
})

test("only catalogue providers with a mark module carry a mark", () => {
  const carrying = [...providers].filter(([, provider]) => provider.style?.mark).map(([id]) => id)
  expect(carrying.sort()).toEqual([...markIds].sort())
})
