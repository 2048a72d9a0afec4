/**
 * The browser-side signIn / signOut of @gatehouse/next/react and @gatehouse/sveltekit/client, in
 * headless Chromium against a real Gatehouse server: where do they send the browser when the
 * server's answer carries no `url`?
 *
 * Apps commonly hand the `callbackUrl` of their sign-in page's address to the client functions
 * (`signIn("github", { redirectTo: searchParams.get("callbackUrl") })`). The server checks it, but
 * when its answer holds no `url` the client used to navigate to `redirectTo` as given. An attacker
 * can make the server answer without one: a `callbackUrl` longer than the server reads (64 kB) makes
 * the sign-in POST a 400. So a link to the sign-in page with `callbackUrl=javascript:…` padded past
 * 64 kB ran the attacker's script on the app's origin at the click of "Sign in" (and an off-site URL
 * sent the visitor away). Whatever the server answers, the client must stay on the site.
 *
 * The clients run as built (each package's dist, served to the browser as they are, and core's
 * `@gatehouse/core/client` they import through an import map, as an app's bundler would resolve it): build first.
 */
import { readFile } from "node:fs/promises"
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { join, resolve } from "node:path"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Auth, skipCSRFCheck } from "../../packages/core/src/index.js"
import type { AuthConfig } from "../../packages/core/src/types.js"
import { adaCredentials, silentLogger } from "@gatehouse/test-kit/credentials-app"
import { launchChromium } from "../e2e/support/launch-chromium.js"

const repoRoot = resolve(import.meta.dirname, "../..")
const secret = "client-redirect-fallback-secret-with-32-characters"

interface Client {
  name: string
  basePath: string
  /** Built browser modules, served under /client/. */
  dist: string
  signInModule: string
  signOutModule: string
  /** Bare imports beyond `@gatehouse/core/client`: SvelteKit's `$app/paths` (the app's base path). */
  importMap?: Record<string, string>
  /** SvelteKit's integration turns the CSRF token off (SvelteKit checks the origin of form posts). */
  skipCsrf?: boolean
}

const clients: Client[] = [
  {
    name: "@gatehouse/next/react",
    basePath: "/api/auth",
    dist: "packages/next/dist/react",
    signInModule: "/client/sign-in.js",
    signOutModule: "/client/sign-out.js",
  },
  {
    name: "@gatehouse/sveltekit/client",
    basePath: "/auth",
    dist: "packages/sveltekit/dist",
    signInModule: "/client/client.js",
    signOutModule: "/client/client.js",
    importMap: { "$app/paths": "/app-paths.js" },
    skipCsrf: true,
  },
]

/** The app's sign-in page, as apps write it: `callbackUrl` from the address goes to the client function. */
function signInPage(client: Client): string {
  const imports = { "@gatehouse/core/client": "/core/client/index.js", ...client.importMap }
  const importMap = `<script type="importmap">${JSON.stringify({ imports })}</script>`
  return `<!doctype html><title>app</title>${importMap}
<button id="sign-in">Sign in</button><button id="sign-out">Sign out</button>
<script type="module">
import { signIn } from "${client.signInModule}"
import { signOut } from "${client.signOutModule}"
const redirectTo = new URLSearchParams(location.search).get("callbackUrl") ?? "/"
document.getElementById("sign-in").onclick = () => signIn("credentials", { username: "ada", password: "lovelace", redirectTo })
document.getElementById("sign-out").onclick = () => signOut({ redirectTo })
document.title = "ready"
</script>`
}

async function readBody(request: IncomingMessage): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return chunks.length ? new Uint8Array(Buffer.concat(chunks)) : undefined
}

interface App {
  origin: string
  server: Server
  /** Requests for /pwned: the attacker's script ran on the app's origin. */
  pwned: number
}

async function startApp(client: Client): Promise<App> {
  const config: AuthConfig = {
    secret,
    trustHost: true,
    basePath: client.basePath,
    providers: [adaCredentials()],
    logger: silentLogger(),
    ...(client.skipCsrf ? { skipCSRFCheck } : {}),
  }
  const app = { pwned: 0 } as App
  const server = createServer({ maxHeaderSize: 1 << 20 }, async (request, response) => {
    const url = new URL(request.url!, `http://${request.headers.host}`)
    let answer: Response
    if (url.pathname.startsWith(`${client.basePath}/`)) {
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value)
      const body = request.method === "POST" ? await readBody(request) : undefined
      answer = await Auth(new Request(url, { method: request.method, headers, body }), config)
    } else if (url.pathname.startsWith("/core/")) {
      const file = join(repoRoot, "packages/core/dist", url.pathname.slice("/core/".length))
      answer = new Response(await readFile(file).catch(() => null), { headers: { "content-type": "text/javascript" } })
    } else if (url.pathname.startsWith("/client/")) {
      const file = join(repoRoot, client.dist, url.pathname.slice("/client/".length))
      answer = new Response(await readFile(file).catch(() => null), { headers: { "content-type": "text/javascript" } })
    } else if (url.pathname === "/pwned") {
      app.pwned++
      answer = new Response("")
    } else if (url.pathname === "/app-paths.js") {
      answer = new Response('export const base = ""', { headers: { "content-type": "text/javascript" } })
    } else {
      answer = new Response(signInPage(client), { headers: { "content-type": "text/html" } })
    }
    response.writeHead(answer.status, [...answer.headers].flat())
    response.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening))
  app.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  app.server = server
  return app
}

/** Past the 64 kB the server reads of a body: its answer to the sign-in POST is a 400 without `url`. */
const padding = "x".repeat(70_000)

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

describe.each(clients)("$name", (client) => {
  let app: App
  beforeAll(async () => {
    app = await startApp(client)
  })
  afterAll(async () => {
    await new Promise((closed) => app?.server.close(closed))
  })

  for (const button of ["sign-in", "sign-out"]) {
    it(`${button}: a javascript: callbackUrl the server never answered for does not run`, async () => {
      const context = await browser.newContext()
      try {
        app.pwned = 0
        const page = await context.newPage()
        const hostile = `javascript:void(fetch('/pwned'))//${padding}`
        await page.goto(`${app.origin}/?${new URLSearchParams({ callbackUrl: hostile })}`)
        await page.waitForFunction(() => document.title === "ready")
        const answered = page.waitForResponse((response) => response.request().method() === "POST")
        await page.click(`#${button}`)
        expect((await answered).status()).toBe(400)
        // The client acts on the answer right after reading it; give it the time a navigation takes.
        await page.waitForTimeout(500)
        expect(app.pwned).toBe(0)
      } finally {
        await context.close()
      }
    })

    it(`${button}: an off-site callbackUrl the server never answered for is not followed`, async () => {
      const context = await browser.newContext()
      const offSite: string[] = []
      await context.route("http://evil.test/**", (route) => {
        offSite.push(route.request().url())
        return route.fulfill({ body: "evil" })
      })
      try {
        const page = await context.newPage()
        await page.goto(`${app.origin}/?${new URLSearchParams({ callbackUrl: `http://evil.test/${padding}` })}`)
        await page.waitForFunction(() => document.title === "ready")
        const answered = page.waitForResponse((response) => response.request().method() === "POST")
        await page.click(`#${button}`)
        expect((await answered).status()).toBe(400)
        await page.waitForTimeout(500)
        expect(offSite).toEqual([])
        expect(new URL(page.url()).origin).toBe(app.origin)
      } finally {
        await context.close()
      }
    })
  }

  it("a same-origin callbackUrl is still where a successful sign-in lands", async () => {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${app.origin}/?${new URLSearchParams({ callbackUrl: "/welcome" })}`)
      await page.waitForFunction(() => document.title === "ready")
      await Promise.all([page.waitForURL(`${app.origin}/welcome`), page.click("#sign-in")])
      const session = await (await page.request.get(`${app.origin}${client.basePath}/session`)).json()
      expect(session?.user?.email).toBe("ada@example.test")
    } finally {
      await context.close()
    }
  })
})
