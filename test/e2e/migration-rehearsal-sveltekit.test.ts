/**
 * The migration Gatehouse promises, rehearsed in a real SvelteKit app: an app written as an
 * Auth.js v5 user has it (src/auth.ts with SvelteKitAuth and Credentials from @auth/sveltekit,
 * hooks.server.ts exporting `handle`, a +page.server.ts load that returns
 * `await event.locals.auth()`) is built with Vite and adapter-node, a user signs in in
 * Chromium through the built-in sign-in form (a form post to /auth/callback/credentials, so the
 * Origin the browser sends must match the ORIGIN the server was given), and the app is
 * redeployed with only its imports changed to @gatehouse/sveltekit, on the same origin with the
 * same AUTH_SECRET. The user must still be signed in, in the same browser context. Then the
 * rollback. A server with a different secret is the control.
 */
import { randomBytes } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { BrowserContext, Cookie, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  type CleanRoomApp,
  createCleanRoomApp,
  removeTarballs,
  repoRoot,
  type RunningServer,
  startServer,
} from "./support/clean-room-app.js"
import { freePort } from "./support/free-port.js"
import { useChromium } from "./support/launch-chromium.js"

const viteBin = join(repoRoot, "node_modules", "vite", "bin", "vite.js")

interface Imports {
  svelteKitAuth: string
  credentials: string
}

const authJsImports: Imports = { svelteKitAuth: "@auth/sveltekit", credentials: "@auth/sveltekit/providers/credentials" }
const gatehouseImports: Imports = { svelteKitAuth: "@gatehouse/sveltekit", credentials: "@gatehouse/sveltekit/providers/credentials" }

/** The app's source; the two variants differ only in the module specifiers of two imports. */
function appFiles(imports: Imports): Record<string, string> {
  return {
    "svelte.config.js": `import adapter from "@sveltejs/adapter-node"

export default { kit: { adapter: adapter() } }
`,
    "vite.config.ts": `import { sveltekit } from "@sveltejs/kit/vite"
import { defineConfig } from "vite"

export default defineConfig({ plugins: [sveltekit()] })
`,
    "src/app.html": `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    %sveltekit.head%
  </head>
  <body>
    <div>%sveltekit.body%</div>
  </body>
</html>
`,
    "src/auth.ts": `import { SvelteKitAuth } from "${imports.svelteKitAuth}"
import Credentials from "${imports.credentials}"

export const { handle, signIn, signOut } = SvelteKitAuth({
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: (credentials) =>
        credentials.username === "demo" && credentials.password === "demo"
          ? { id: "1", name: "Demo User", email: "demo@example.test" }
          : null,
    }),
  ],
  secret: process.env.AUTH_SECRET,
  trustHost: process.env.AUTH_TRUST_HOST === "true",
})
`,
    "src/hooks.server.ts": `export { handle } from "./auth"
`,
    "src/routes/+page.server.ts": `import type { PageServerLoad } from "./$types"

export const load: PageServerLoad = async (event) => ({ session: await event.locals.auth() })
`,
    "src/routes/+page.svelte": `<script lang="ts">
  let { data } = $props()
</script>

<p id="server-status">{data.session?.user ? \`Signed in as \${data.session.user.name}\` : "Not signed in"}</p>
`,
  }
}

const user = { name: "Demo User", email: "demo@example.test" }
const secret = randomBytes(32).toString("base64url")
const otherSecret = randomBytes(32).toString("base64url")

interface Variant {
  app: CleanRoomApp
  buildSeconds: number
}

const browser = useChromium()
let authJs: Variant
let gatehouse: Variant
let port: number
let origin: string
let server: RunningServer | undefined

async function build(app: CleanRoomApp): Promise<Variant> {
  const started = performance.now()
  await app.exec(process.execPath, [viteBin, "build"])
  return { app, buildSeconds: (performance.now() - started) / 1000 }
}

/** Stops whichever variant is running and starts `variant` on the one origin the browser knows. */
async function deploy(variant: Variant, authSecret = secret): Promise<RunningServer> {
  await server?.stop()
  server = undefined
  server = await startServer(
    variant.app,
    [process.execPath, "build/index.js"],
    `http://127.0.0.1:${port}`,
    // adapter-node checks form posts against ORIGIN: the browser's origin, not the listening address.
    { AUTH_SECRET: authSecret, AUTH_TRUST_HOST: "true", PORT: String(port), HOST: "127.0.0.1", ORIGIN: origin },
    "/auth/providers",
  )
  return server
}

const loggedError = /\[(auth|gatehouse)\]\[error\]/

/** Which library the server build bundled: next-auth's error-page address versus Gatehouse's log prefix. */
function bundled(app: CleanRoomApp): { authJs: boolean; gatehouse: boolean } {
  const serverDir = join(app.dir, "build", "server")
  const chunks = readdirSync(serverDir, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".js"))
    .map((path) => readFileSync(join(serverDir, path), "utf8"))
  return {
    authJs: chunks.some((code) => code.includes("errors.authjs.dev")),
    gatehouse: chunks.some((code) => code.includes("[gatehouse]")),
  }
}

const framework = ["@sveltejs/kit", "@sveltejs/adapter-node", "@sveltejs/vite-plugin-svelte", "svelte", "vite"]

beforeAll(async () => {
  const [authJsApp, gatehouseApp] = await Promise.all([
    createCleanRoomApp("migration-auth-sveltekit", { framework: [...framework, "@auth/sveltekit"], files: appFiles(authJsImports) }),
    createCleanRoomApp("migration-gatehouse-sveltekit", {
      gatehouse: "@gatehouse/sveltekit",
      framework,
      files: appFiles(gatehouseImports),
    }),
  ])
  authJs = await build(authJsApp)
  gatehouse = await build(gatehouseApp)
  port = await freePort()
  origin = `http://localhost:${port}`
}, 300_000)

afterAll(async () => {
  await server?.stop()
  authJs?.app.remove()
  gatehouse?.app.remove()
  removeTarballs()
})

async function signIn(page: Page): Promise<void> {
  await page.goto(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`)
  await page.locator('input[name="username"]').fill("demo")
  await page.locator('input[name="password"]').fill("demo")
  await page.getByRole("button", { name: "Sign in with Credentials" }).click()
  await page.waitForURL(`${origin}/`)
}

async function serverStatus(page: Page): Promise<string | null> {
  await page.goto(`${origin}/`)
  return page.locator("#server-status").textContent()
}

async function sessionUser(page: Page): Promise<unknown> {
  const response = await page.request.get(`${origin}/auth/session`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { user?: unknown } | null)?.user ?? null
}

function sessionCookie(cookies: Cookie[]): Cookie | undefined {
  return cookies.find((cookie) => cookie.name === "authjs.session-token")
}

function csrfCookie(cookies: Cookie[]): Cookie | undefined {
  return cookies.find((cookie) => cookie.name === "authjs.csrf-token")
}

async function expectSignedIn(page: Page): Promise<void> {
  await expect(serverStatus(page)).resolves.toBe(`Signed in as ${user.name}`)
  await expect(sessionUser(page)).resolves.toMatchObject(user)
}

async function expectSignedOut(page: Page): Promise<void> {
  await expect(serverStatus(page)).resolves.toBe("Not signed in")
  await expect(sessionUser(page)).resolves.toBeNull()
}

/**
 * Signs out through the built-in page. Unlike in the Next.js rehearsal, the browser holds no
 * authjs.csrf-token cookie here with either library (neither after the sign-in nor on the
 * sign-out page): the form posts are guarded by SvelteKit's own Origin check instead, which
 * `expectCrossSitePostRefused` attacks.
 */
async function signOut(page: Page, context: BrowserContext): Promise<void> {
  await page.goto(`${origin}/auth/signout`)
  await page.getByRole("button", { name: "Sign out" }).click()
  await page.waitForURL(`${origin}/`)
  expect(sessionCookie(await context.cookies())).toBeUndefined()
}

/** A sign-out posted from another site is refused and leaves the user signed in. */
async function expectCrossSitePostRefused(page: Page): Promise<void> {
  const response = await page.request.post(`${origin}/auth/signout`, {
    headers: { Origin: "http://attacker.test" },
    form: { callbackUrl: `${origin}/` },
    maxRedirects: 0,
  })
  expect(response.status()).toBe(403)
  await expectSignedIn(page)
}

/** The same cookie under a different AUTH_SECRET signs nobody in: the session travelled in the cookie. */
async function expectOtherSecretSignsOut(variant: Variant, cookies: Cookie[]): Promise<void> {
  const controlServer = await deploy(variant, otherSecret)
  const control = await browser().newContext()
  try {
    await control.addCookies(cookies)
    expect(sessionCookie(await control.cookies())).toBeDefined()
    await expectSignedOut(await control.newPage())
    expect(controlServer.output()).toMatch(/JWTSessionError[\s\S]*no matching decryption secret/)
  } finally {
    await control.close()
  }
}

describe("migration rehearsal: a SvelteKit app moves from @auth/sveltekit to @gatehouse/sveltekit and back", () => {
  it("the two apps differ only in the module specifiers of their imports", () => {
    const before = appFiles(authJsImports)
    expect(Object.keys(appFiles(gatehouseImports))).toEqual(Object.keys(before))
    const changedLines = Object.keys(before).flatMap((path) => {
      const [a, b] = [
        readFileSync(join(authJs.app.dir, path), "utf8").split("\n"),
        readFileSync(join(gatehouse.app.dir, path), "utf8").split("\n"),
      ]
      expect(b).toHaveLength(a.length)
      return a.flatMap((line, index) => (line === b[index] ? [] : [[line, b[index]]]))
    })
    expect(changedLines).toEqual([
      [`import { SvelteKitAuth } from "@auth/sveltekit"`, `import { SvelteKitAuth } from "@gatehouse/sveltekit"`],
      [
        `import Credentials from "@auth/sveltekit/providers/credentials"`,
        `import Credentials from "@gatehouse/sveltekit/providers/credentials"`,
      ],
    ])
    const dependencies = (dir: string) => Object.keys(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).dependencies).sort()
    expect(dependencies(authJs.app.dir)).toEqual([...framework, "@auth/sveltekit"].sort())
    expect(dependencies(gatehouse.app.dir)).toEqual([...framework, "@gatehouse/sveltekit"].sort())
    expect(bundled(authJs.app)).toEqual({ authJs: true, gatehouse: false })
    expect(bundled(gatehouse.app)).toEqual({ authJs: false, gatehouse: true })
    console.log(
      `migration rehearsal (SvelteKit): builds took ${authJs.buildSeconds.toFixed(1)} s (@auth/sveltekit) and ${gatehouse.buildSeconds.toFixed(1)} s (@gatehouse/sveltekit)`,
    )
  })

  it("forward: signed in on @auth/sveltekit, still signed in after the swap to @gatehouse/sveltekit; sign-out works there", async () => {
    const context = await browser().newContext()
    try {
      const page = await context.newPage()
      await deploy(authJs)
      await expectSignedOut(page)
      await signIn(page)
      await expectSignedIn(page)
      const issuedByAuthJs = await context.cookies()
      expect(csrfCookie(issuedByAuthJs)).toBeUndefined()
      expect(sessionCookie(issuedByAuthJs)?.value).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/)

      const swapped = await deploy(gatehouse)
      await expectSignedIn(page)
      expect(swapped.output()).not.toMatch(loggedError)

      await expectOtherSecretSignsOut(gatehouse, issuedByAuthJs)

      await deploy(gatehouse)
      await expectSignedIn(page)
      await expectCrossSitePostRefused(page)
      await signOut(page, context)
      await expectSignedOut(page)
      expect(server?.output()).not.toMatch(loggedError)
    } finally {
      await context.close()
    }
  }, 90_000)

  it("rollback: signed in on @gatehouse/sveltekit, still signed in after the swap back to @auth/sveltekit; sign-out works there", async () => {
    const context = await browser().newContext()
    try {
      const page = await context.newPage()
      await deploy(gatehouse)
      await expectSignedOut(page)
      await signIn(page)
      await expectSignedIn(page)
      const issuedByGatehouse = await context.cookies()
      expect(csrfCookie(issuedByGatehouse)).toBeUndefined()
      expect(sessionCookie(issuedByGatehouse)?.value).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/)

      const rolledBack = await deploy(authJs)
      await expectSignedIn(page)
      expect(rolledBack.output()).not.toMatch(loggedError)

      await expectOtherSecretSignsOut(authJs, issuedByGatehouse)

      await deploy(authJs)
      await expectSignedIn(page)
      await expectCrossSitePostRefused(page)
      await signOut(page, context)
      await expectSignedOut(page)
      expect(server?.output()).not.toMatch(loggedError)
    } finally {
      await context.close()
    }
  }, 90_000)
})
