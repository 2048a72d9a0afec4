/**
 * The documentation site as a reader meets it (issue 38): built from the repository with the command the
 * README gives (`npm run build -w @gatehouse/docs-site`, the packages already built), served as static
 * files, and crawled in headless Chromium from its home page. Every page reached renders without a console
 * error; every internal link lands on a page and every anchor on an element; axe-core finds nothing serious
 * or critical in light and dark; the search box finds what readers look for; every docs/*.md became a page.
 */
import { execFile } from "node:child_process"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { createRequire } from "node:module"
import type { AddressInfo } from "node:net"
import { extname, join, normalize, resolve } from "node:path"
import { promisify } from "node:util"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { warningMessages } from "../../packages/core/src/config/logger.js"
import { errorReferenceLink } from "../../packages/core/src/docs-link.js"
import * as errors from "../../packages/core/src/errors.js"
import { launchChromium } from "./support/launch-chromium.js"

const repoRoot = resolve(import.meta.dirname, "../..")
const siteDist = join(repoRoot, "site", "dist")
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

interface AxeViolations {
  violations: { id: string; impact: string; nodes: { target: string[] }[] }[]
}

/** axe's colour-contrast rule on the loaded page: the whole document, or the content column. */
function contrastOf(page: Page, wholeDocument: boolean): Promise<AxeViolations> {
  return page.evaluate(
    (whole) =>
      (window as any).axe.run(whole ? document : { include: [[".VPContent"]] }, {
        resultTypes: ["violations"],
        runOnly: ["color-contrast"],
      }),
    wholeDocument,
  )
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
}

/** A static host as the site's readers get it: clean URLs (`/guides/sessions` is `guides/sessions.html`), 404 page. */
function serveStatic(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://site").pathname))
    const candidates = [join(root, path), join(root, `${path}.html`), join(root, path, "index.html")]
    const file = candidates.find((candidate) => candidate.startsWith(root) && existsSync(candidate) && statSync(candidate).isFile())
    if (!file) {
      response.writeHead(404, { "content-type": contentTypes[".html"] }).end(readFileSync(join(root, "404.html")))
      return
    }
    response.writeHead(200, { "content-type": contentTypes[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file))
  })
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)))
}

let server: Server
let browser: Browser
let origin: string
/** Every page the crawl reached (path → what it found there). */
const pages = new Map<string, { consoleErrors: string[]; links: string[]; ids: Set<string>; status: number }>()

beforeAll(async () => {
  // Built asynchronously: a synchronous spawn would stall this vitest worker, and its calls to the main
  // process time out after 60 s (an unhandled error that fails the run even when every test passes).
  await promisify(execFile)("npm", ["run", "build", "-w", "@gatehouse/docs-site"], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((failure: { stdout?: string; stderr?: string }) => {
    throw new Error(`the site did not build:\n${failure.stdout}\n${failure.stderr}`)
  })
  server = await serveStatic(siteDist)
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launchChromium()

  // Breadth-first from the home page, following every link that stays on the site, in two tabs: a tab
  // finding the queue empty waits while the other may still add to it.
  const queue = ["/"]
  const seen = new Set(queue)
  let visiting = 0
  const crawl = async () => {
    const page = await browser.newPage()
    for (;;) {
      const path = queue.shift()
      if (path === undefined) {
        if (!visiting) break
        await new Promise((resolve) => setTimeout(resolve, 20))
        continue
      }
      visiting++
      try {
        await visit(page, path)
      } finally {
        visiting--
      }
    }
    await page.close()
  }
  const visit = async (page: Page, path: string) => {
    const consoleErrors: string[] = []
    const onConsole = (message: { type(): string; text(): string }) => {
      if (message.type() === "error") consoleErrors.push(message.text())
    }
    const onPageError = (error: Error) => consoleErrors.push(error.message)
    // Which resource failed, which the console's "Failed to load resource" does not say.
    const onResponse = (answer: { status(): number; url(): string }) => {
      if (answer.status() >= 400) consoleErrors.push(`${answer.status()} ${answer.url()}`)
    }
    page.on("console", onConsole)
    page.on("pageerror", onPageError)
    page.on("response", onResponse)
    const response = await page.goto(`${origin}${path}`, { waitUntil: "load" })
    const found = await page.evaluate(() => ({
      links: [...document.querySelectorAll("a[href]")].map((a) => (a as HTMLAnchorElement).href),
      ids: [...document.querySelectorAll("[id]")].map((element) => element.id),
    }))
    page.off("console", onConsole)
    page.off("pageerror", onPageError)
    page.off("response", onResponse)
    const links = found.links.filter((href) => href.startsWith(origin))
    pages.set(path, { consoleErrors, links, ids: new Set(found.ids), status: response?.status() ?? 0 })
    for (const href of links) {
      const next = new URL(href).pathname
      if (!seen.has(next) && !/\.(png|svg|ico|txt|xml|json)$/.test(next)) {
        seen.add(next)
        queue.push(next)
      }
    }
  }
  await Promise.all([crawl(), crawl()])
}, 600_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((done) => server?.close(done))
})

describe("the documentation site", () => {
  test("the crawl reaches every section: getting started, guides, packages, migration, providers, API, errors", () => {
    const paths = [...pages.keys()]
    for (const expected of [
      "/getting-started/nextjs",
      "/getting-started/sveltekit",
      "/getting-started/qwik",
      "/getting-started/node",
      "/guides/sessions",
      "/guides/deploy",
      "/packages/next",
      "/migrate/from-authjs",
      "/migrate/from-next-auth-v4",
      "/providers/",
      "/providers/github",
      "/api/",
      "/reference/errors",
    ]) {
      expect(paths).toContain(expected)
    }
    expect(paths.filter((path) => path.startsWith("/providers/")).length).toBeGreaterThan(100)
  })

  test("every docs/*.md became a page the crawl reached", () => {
    const sidebars = JSON.parse(readFileSync(join(repoRoot, "site", ".content", "navigation.json"), "utf8")).sidebar as Record<
      string,
      { items: { link: string }[] }[]
    >
    const linked = new Set(
      Object.values(sidebars).flatMap((sections) => sections.flatMap((section) => section.items.map((item) => item.link))),
    )
    const documents = readdirSync(join(repoRoot, "docs"), { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".md"))
    expect(documents.length).toBeGreaterThan(15)
    // Each document's page is in the navigation and was reached.
    const reached = new Set(pages.keys())
    const missing = [...linked].filter((link) => !reached.has(link))
    expect(missing).toEqual([])
    expect(linked.size).toBeGreaterThanOrEqual(documents.length)
  })

  test("every page answers 200 and renders without a console error", () => {
    const failures = [...pages]
      .filter(([, found]) => found.status !== 200 || found.consoleErrors.length)
      .map(([path, found]) => `${path}: ${found.status} ${found.consoleErrors.join(" | ")}`)
    expect(failures).toEqual([])
  })

  test("every internal link lands on a page, and every anchor on an element of it", () => {
    const broken: string[] = []
    for (const [from, found] of pages) {
      for (const href of found.links) {
        const url = new URL(href)
        const target = pages.get(url.pathname)
        if (!target) {
          if (!/\.(png|svg|ico|txt|xml|json)$/.test(url.pathname)) broken.push(`${from} → ${url.pathname} (not a page)`)
          continue
        }
        const anchor = decodeURIComponent(url.hash.slice(1))
        if (anchor && !target.ids.has(anchor)) broken.push(`${from} → ${url.pathname}#${anchor} (no such anchor)`)
      }
    }
    expect(broken).toEqual([])
  })

  test("axe-core finds no serious or critical violation on any page, light or dark", async () => {
    // The navigation, search and sidebar are the same on every page of a sidebar (guides, providers, API):
    // the whole document is checked on the first page of each, the content of every page everywhere.
    const wholeDocument = new Set(["/", "/guides/sessions", "/providers/github", "/api/"])
    const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
    // Every rule but colour contrast runs on every page. Contrast, four fifths of axe's time here, is a
    // function of the styles a text's element and its ancestors get: it runs, in light and dark, on every
    // page holding a text element whose path (tags, classes, inline style, up to the checked root) no page
    // checked before held, which covers every path the site has. 105 provider and 67 API pages from two
    // templates add few: checking each of them too took this test 6 minutes instead of 3 on a quiet machine.
    const checkedPaths = new Set<string>()
    const contrastPages: string[] = []
    const violations: string[] = []
    const record = (scheme: string, path: string, found: AxeViolations) => {
      for (const violation of found.violations) {
        if (violation.impact === "serious" || violation.impact === "critical") {
          violations.push(`${scheme} ${path}: ${violation.id} (${violation.nodes.length}×, e.g. ${violation.nodes[0]?.target.join(" ")})`)
        }
      }
    }
    // Two tabs per pass take the next page from one queue: the renderer processes keep both cores busy
    // while a tab waits for its page. axe comes by an init script, before each page's own scripts.
    const eachPage = async (colorScheme: "light" | "dark", paths: string[], check: (page: Page, path: string) => Promise<void>) => {
      const context = await browser.newContext({ colorScheme, bypassCSP: true })
      await context.addInitScript({ content: axeSource })
      const queue = [...paths]
      const tab = async () => {
        const page = await context.newPage()
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          await page.goto(`${origin}${path}`, { waitUntil: "load" })
          await check(page, path)
        }
      }
      try {
        await Promise.all([tab(), tab()])
      } finally {
        await context.close()
      }
    }
    await eachPage("light", [...pages.keys()], async (page, path) => {
      const whole = wholeDocument.has(path)
      const { found, textPaths } = await page.evaluate(
        async ([whole, tags]) => {
          const root = whole ? document.body : document.querySelector(".VPContent")!
          const axe = (window as any).axe
          const found = await axe.run(whole ? document : { include: [[".VPContent"]] }, {
            resultTypes: ["violations"],
            runOnly: tags,
            rules: { "color-contrast": { enabled: false } },
          })
          // VitePress names each page in a class of its content (`_providers_github`), which no style of the site targets.
          const describe = (element: Element) =>
            [
              element.localName,
              ...[...element.classList].filter((name) => !name.startsWith("_")).sort(),
              element.getAttribute("style") ?? "",
            ].join(".")
          const textPaths = new Set<string>()
          for (const element of root.querySelectorAll("*")) {
            if (![...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())) continue
            const chain: string[] = []
            for (let at: Element | null = element; at && at !== root.parentElement; at = at.parentElement) chain.push(describe(at))
            textPaths.add(chain.join(" < "))
          }
          return { found, textPaths: [...textPaths] }
        },
        [whole, tags] as const,
      )
      record("light", path, found)
      // A path ends at the checked root (body or the content column), so the two kinds of check never share one.
      const unseen = textPaths.filter((key) => !checkedPaths.has(key))
      if (!unseen.length) return
      for (const key of unseen) checkedPaths.add(key)
      contrastPages.push(path)
      record("light", path, await contrastOf(page, whole))
    })
    await eachPage("dark", contrastPages, async (page, path) => record("dark", path, await contrastOf(page, wholeDocument.has(path))))
    // The sieve must leave the hand-written pages and the first of each template checked, and skip most others.
    expect(contrastPages).toEqual(expect.arrayContaining(["/", "/guides/sessions", "/providers/github", "/api/"]))
    expect(contrastPages.length).toBeLessThan(pages.size)
    violations.sort()
    expect(violations).toEqual([])
  }, 900_000)

  test("every public entry point has its API reference page, and every export there has a doc comment", () => {
    // Exports of the packages' public entry points without a doc comment, as "specifier: name".
    const undocumented = JSON.parse(readFileSync(join(repoRoot, "site", ".content", "undocumented.json"), "utf8")) as string[]
    expect(undocumented).toEqual([])
    for (const entry of [
      "/api/@gatehouse/core",
      "/api/@gatehouse/core/server",
      "/api/@gatehouse/next",
      "/api/@gatehouse/sveltekit",
      "/api/@gatehouse/qwik",
    ]) {
      expect([...pages.keys()]).toContain(entry)
    }
  })

  test("the link every error type and warning code prints (with AUTH_DOCS_URL) lands on its heading on the site", () => {
    const types = [
      "Configuration",
      ...Object.values(errors)
        .filter((value): value is typeof errors.AuthError => typeof value === "function" && value.prototype instanceof errors.AuthError)
        .map((ErrorClass) => new ErrorClass().type),
    ]
    const before = process.env.AUTH_DOCS_URL
    process.env.AUTH_DOCS_URL = origin
    try {
      const unresolved = [...types, ...Object.keys(warningMessages)]
        .map((code) => new URL(errorReferenceLink(code)))
        .filter((link) => !pages.get(link.pathname)?.ids.has(link.hash.slice(1)))
        .map((link) => link.href)
      expect(types.length).toBeGreaterThan(30)
      expect(unresolved).toEqual([])
    } finally {
      if (before === undefined) delete process.env.AUTH_DOCS_URL
      else process.env.AUTH_DOCS_URL = before
    }
  })

  test("the search box finds revoke, passkey, AUTH_SECRET and a provider by name", async () => {
    const page = await browser.newPage()
    await page.goto(`${origin}/`, { waitUntil: "load" })
    // The box opens with the last query's results and updates after a short debounce: wait for the
    // results to answer this query (or time out showing what they still say).
    const expectResults = async (query: string, expected: RegExp): Promise<void> => {
      // Control+K does nothing until the app has hydrated and mounted the search button, which a
      // loaded machine can delay past the load event (one CI run timed out waiting for the box):
      // press again until the box is there.
      const input = page.locator("#localsearch-input")
      await expect
        .poll(
          async () => {
            if (await input.isVisible()) return true
            await page.keyboard.press("Control+k")
            return input.waitFor({ state: "visible", timeout: 2_000 }).then(
              () => true,
              () => false,
            )
          },
          { timeout: 30_000, interval: 0 },
        )
        .toBe(true)
      await input.fill(query)
      await expect
        .poll(async () => (await page.locator(".VPLocalSearchBox .result").allInnerTexts()).join("\n"), { timeout: 15_000 })
        .toMatch(expected)
      await page.keyboard.press("Escape")
    }
    await expectResults("revoke", /revoke/i)
    await expectResults("passkey", /passkey/i)
    await expectResults("AUTH_SECRET", /AUTH_SECRET/)
    await expectResults("GitHub", /GitHub/)
    await page.close()
    // Four queries of up to 15 s each: the suite's 30 s default cut a slow first load of the search index short.
  }, 120_000)
})
