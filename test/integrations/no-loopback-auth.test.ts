/**
 * The integrations' server code calls `@gatehouse/core/server`; it never builds a `Request` to ask core's
 * `Auth` what it could call directly (issue #34). A static scan of every non-test source file of the
 * three integrations: `Auth` (or Next's `callCore`, its one door to `Auth`) is called only where a route
 * answers the browser's own request, and `new Request(` appears only where such a request is carried to
 * core (its URL made public, a next-auth 4 body rewritten, a Node pages-router request turned into a Web
 * one). Any other file doing either fails, named.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"

const root = join(import.meta.dirname, "..", "..")
const integrations = ["packages/next/src", "packages/sveltekit/src", "packages/qwik/src"]

/** Where a route hands core the browser's own request: the only files that may call `Auth`. */
const routeEntries = new Map([
  ["packages/next/src/lib/call-core.ts", "Next's one door to Auth, for the route handlers"],
  ["packages/next/src/lib/create-handlers.ts", "GET/POST of app/api/auth/[...nextauth]"],
  ["packages/next/src/v4/next-auth.ts", "next-auth 4's NextAuth route handler"],
  ["packages/sveltekit/src/lib/create-sveltekit-auth.ts", "the handle answering /auth/*"],
  ["packages/qwik/src/request-hook.ts", "onRequest answering /auth/*"],
])

/** Where the browser's own request is re-expressed for the route (never a request made up to ask core something). */
const requestCarriers = new Map([
  ["packages/next/src/lib/core-request.ts", "the route's request at its public URL"],
  ["packages/next/src/lib/adopt-v4-session-cookie.ts", "the route's request with a next-auth 4 cookie adopted"],
  ["packages/next/src/v4/lib/v4-answers.ts", "a next-auth 4 form body rewritten for the route"],
  ["packages/next/src/v4/lib/node-request.ts", "a pages-router IncomingMessage as a Web Request, for the route"],
])

function sourceFiles(dir: string): string[] {
  const files: string[] = []
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== "test" && entry.name !== "test-support") files.push(...sourceFiles(path))
    } else if (/\.(ts|tsx|svelte)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      files.push(path)
    }
  }
  return files
}

/** The code of a file without its comments (which may well mention `new Request(` or `Auth(`). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1")
}

/** What a scan finds in one file's code. */
function findings(text: string): { callsAuth: boolean; buildsRequest: boolean; authOfNewRequest: boolean } {
  const source = code(text)
  return {
    callsAuth: /(^|[^\w.])(Auth|callCore)\s*\(/m.test(source) && !/function\s+(Auth|callCore)\s*\(/.test(source),
    buildsRequest: /new\s+Request\s*\(/.test(source),
    authOfNewRequest: /(Auth|callCore)\s*\(\s*(await\s+)?new\s+Request/.test(source),
  }
}

describe("no integration asks Auth with a Request it made up", () => {
  const files = integrations.flatMap(sourceFiles)

  it("scans the integrations' sources", () => {
    expect(files.length).toBeGreaterThan(60)
    expect(files).toContain("packages/sveltekit/src/lib/read-session.ts")
  })

  it("the scan sees a loopback call, and not one in a comment", () => {
    expect(findings("const r = await Auth(new Request(url, { headers }), config)")).toEqual({
      callsAuth: true,
      buildsRequest: true,
      authOfNewRequest: true,
    })
    expect(findings("const request = new Request(url)\nawait callCore(request, config)").callsAuth).toBe(true)
    expect(findings("/** Auth(new Request(url)) used to be here */\n// Auth(x)\nconst a = 1")).toEqual({
      callsAuth: false,
      buildsRequest: false,
      authOfNewRequest: false,
    })
  })

  it("calls Auth only where a route answers the browser's own request", () => {
    const callers = files.filter((file) => findings(readFileSync(join(root, file), "utf8")).callsAuth)
    expect(callers.filter((file) => !routeEntries.has(file))).toEqual([])
  })

  it("builds a Request only to carry the browser's own request to a route", () => {
    const builders = files.filter((file) => findings(readFileSync(join(root, file), "utf8")).buildsRequest)
    expect(builders.filter((file) => !requestCarriers.has(file))).toEqual([])
    for (const file of files) expect(findings(readFileSync(join(root, file), "utf8")).authOfNewRequest, relative(root, file)).toBe(false)
  })

  it("reads sessions, signs in and out through @gatehouse/core/server", () => {
    const serverPaths = [
      "packages/next/src/lib/pages-router-session.ts",
      "packages/next/src/lib/session.ts",
      "packages/next/src/lib/sign-in.ts",
      "packages/next/src/lib/sign-out.ts",
      "packages/sveltekit/src/lib/read-session.ts",
      "packages/sveltekit/src/lib/sign-in.ts",
      "packages/sveltekit/src/lib/sign-out.ts",
      "packages/qwik/src/get-session.ts",
      "packages/qwik/src/sign-in-action.ts",
      "packages/qwik/src/sign-out-action.ts",
    ]
    for (const file of serverPaths) expect(readFileSync(join(root, file), "utf8"), file).toContain('from "@gatehouse/core/server"')
  })
})
