/**
 * The providers each integration publishes (`@gatehouse/<integration>/providers/<id>`, written at build time by
 * scripts/write-provider-reexports.mjs) are exactly the provider modules core publishes: every provider, the
 * type modules, and none of core's internal helpers. Reads the built packages (`npm run build` first).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const packages = fileURLToPath(new URL("../../packages/", import.meta.url))
const modulesIn = (dir: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith(".js"))
    .map((file) => file.slice(0, -3))
    .sort()
const coreProviders = join(packages, "core/dist/providers")

describe("provider re-exports", () => {
  it("core publishes providers and their types, not the helpers they share", () => {
    const published = modulesIn(coreProviders)
    expect(published).toEqual(expect.arrayContaining(["github", "credentials", "nodemailer", "passkey", "index", "types"]))
    const sources = readdirSync(join(packages, "core/src/providers")).filter((file) => file.endsWith(".ts") && !file.includes(".test."))
    const helpers = sources.filter((file) => !/^export default /m.test(readFileSync(join(packages, "core/src/providers", file), "utf8")))
    expect(helpers).toContain("fetch-provider-json.ts")
    for (const helper of helpers.map((file) => file.slice(0, -3)).filter((name) => name !== "index" && name !== "types")) {
      expect(published).not.toContain(helper)
      expect(existsSync(join(coreProviders, `${helper}.d.ts`))).toBe(false)
    }
  })

  it.each(["next", "sveltekit", "qwik"])("@gatehouse/%s re-exports exactly core's published provider modules", async (integration) => {
    const dir = join(packages, integration, "dist/providers")
    expect(modulesIn(dir)).toEqual(modulesIn(coreProviders))
    expect(readFileSync(join(dir, "github.js"), "utf8")).toContain('export { default } from "@gatehouse/core/providers/github"')
    const github = await import(join(dir, "github.js"))
    const fromCore = await import(join(coreProviders, "github.js"))
    expect(github.default).toBe(fromCore.default)
  })
})
