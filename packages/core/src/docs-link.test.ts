import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { warningMessages } from "./config/logger.js"
import { errorReferenceLink, errorReferenceUrl } from "./docs-link.js"
import * as errors from "./errors.js"
import { AuthError } from "./errors.js"

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url))
const reference = readFileSync(join(repoRoot, "docs/errors.md"), "utf8")

/** The anchors GitHub gives the headings of docs/errors.md: lower case, punctuation but `-` dropped, spaces to `-`. */
const anchors = new Set(
  [...reference.matchAll(/^#{1,6} +(.+?) *$/gm)].map(([, heading]) =>
    heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-"),
  ),
)

function anchorOf(link: string): string {
  return link.slice(link.indexOf("#") + 1)
}

const errorTypes = [
  "Configuration",
  ...Object.values(errors)
    .filter((value): value is typeof AuthError => typeof value === "function" && value.prototype instanceof AuthError)
    .map((ErrorClass) => new ErrorClass().type),
]

/** `logger.warn("<code>")` and `.warn("<code>")` calls anywhere in the packages' sources. */
function warningCodesInSources(): string[] {
  const codes = new Set<string>()
  const visit = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (name === "node_modules" || name === "dist") continue
      if (statSync(path).isDirectory()) visit(path)
      else if (/\.(ts|tsx|svelte)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        for (const [, code] of readFileSync(path, "utf8").matchAll(/\.warn\("([a-z0-9-]+)"\)/g)) codes.add(code!)
      }
    }
  }
  visit(join(repoRoot, "packages"))
  return [...codes]
}

describe("docs/errors.md", () => {
  it("has a heading for every error type, and errors link to it", () => {
    expect(errorTypes.length).toBeGreaterThan(30)
    for (const type of new Set(errorTypes)) {
      expect(anchors, `docs/errors.md has no heading "${type}"`).toContain(anchorOf(errorReferenceLink(type)))
    }
    expect(new errors.RateLimited("slow down").message).toBe(`slow down. Read more at ${errorReferenceUrl}#ratelimited`)
  })

  it("has a heading for every warning code, including those only the integrations emit", () => {
    const codes = new Set([...Object.keys(warningMessages), ...warningCodesInSources()])
    expect(codes).toContain("short-secret")
    expect(codes).toContain("rate-limit-without-client-ip")
    for (const code of codes) {
      expect(Object.keys(warningMessages), `no message for warning "${code}"`).toContain(code)
      expect(anchors, `docs/errors.md has no heading "${code}"`).toContain(anchorOf(errorReferenceLink(code)))
    }
  })

  it("is where the links point, not Auth.js's site", () => {
    expect(errorReferenceUrl).toMatch(/\/docs\/errors\.md$/)
    expect(errorReferenceUrl).not.toMatch(/authjs\.dev/)
  })
})

describe("warnings", () => {
  it("are one sentence each, printed once per process with a link to their heading", async () => {
    const { vi } = await import("vitest")
    const printed = vi.spyOn(console, "warn").mockImplementation(() => {})
    try {
      const { createLogger } = await import("./config/logger.js")
      // A second instance of the module, as when a bundler gives the proxy and the pages their own copy of core.
      // @ts-expect-error: a query makes it another module instance
      const copy: typeof import("./config/logger.js") = await import("./config/logger.js?another-copy")
      expect(copy.createLogger).not.toBe(createLogger)
      for (let i = 0; i < 3; i++) createLogger(undefined, false).warn("csrf-disabled")
      copy.createLogger(undefined, false).warn("csrf-disabled")
      const lines = printed.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("[csrf-disabled]"))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(warningMessages["csrf-disabled"])
      expect(lines[0]).toContain(`Read more: ${errorReferenceUrl}#csrf-disabled`)
      for (const sentence of Object.values(warningMessages)) expect(sentence).toMatch(/^[A-Z`].*\.$/)
    } finally {
      printed.mockRestore()
    }
  })
})

describe("the documentation site's address (AUTH_DOCS_URL)", () => {
  it("moves every link to the site's error page, the anchor kept; without it the shipped copy", () => {
    const before = process.env.AUTH_DOCS_URL
    try {
      process.env.AUTH_DOCS_URL = "https://docs.example.test/gatehouse/"
      expect(errorReferenceLink("MissingCSRF")).toBe("https://docs.example.test/gatehouse/reference/errors#missingcsrf")
      expect(new errors.MissingCSRF().message).toMatch(/Read more at https:\/\/docs\.example\.test\/gatehouse\/reference\/errors#missingcsrf$/)
      delete process.env.AUTH_DOCS_URL
      expect(errorReferenceLink("short-secret")).toBe(`${errorReferenceUrl}#short-secret`)
    } finally {
      if (before === undefined) delete process.env.AUTH_DOCS_URL
      else process.env.AUTH_DOCS_URL = before
    }
  })
})
