import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { MissingCSRF } from "@gatehouse/core/errors"

// Error messages and warnings point at docs/errors.md inside the installed package: it must be there.
describe("the error reference shipped with @gatehouse/core", () => {
  it("is the repository's docs/errors.md, at the path messages name", () => {
    const errorReferenceUrl = new MissingCSRF().message.match(/Read more at (\S+)#missingcsrf$/)![1]!
    expect(errorReferenceUrl.startsWith("node_modules/@gatehouse/core/")).toBe(true)
    const shipped = new URL(`../../packages/core/${errorReferenceUrl.replace("node_modules/@gatehouse/core/", "")}`, import.meta.url)
    expect(readFileSync(shipped, "utf8")).toBe(readFileSync(new URL("../../docs/errors.md", import.meta.url), "utf8"))
    const manifest = JSON.parse(readFileSync(new URL("../../packages/core/package.json", import.meta.url), "utf8"))
    expect(manifest.files).toContain("dist")
  })
})
