/**
 * The migration Gatehouse promises, rehearsed in a real app: a Next.js 16 app written as an
 * Auth.js v5 user has it (auth.ts with NextAuth and Credentials from next-auth, the route
 * handlers, a page that shows `await auth()`, proxy.ts guarding /protected) is built for
 * production, a user signs in in Chromium, and the app is redeployed with only its imports
 * changed to @gatehouse/next, on the same origin with the same AUTH_SECRET. The user must still
 * be signed in, in the same browser context. Then the other way: signed in on Gatehouse, rolled
 * back to next-auth, still signed in. A server with a different secret is the control that
 * proves the session really travelled in the cookie.
 *
 * Each variant is built once and started as often as the rehearsal needs.
 */
import { randomBytes } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
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

const nextBin = createRequire(join(repoRoot, "package.json")).resolve("next/dist/bin/next")

interface Imports {
  nextAuth: string
  credentials: string
}

const authJsImports: Imports = { nextAuth: "next-auth", credentials: "next-auth/providers/credentials" }
const gatehouseImports: Imports = { nextAuth: "@gatehouse/next", credentials: "@gatehouse/next/providers/credentials" }

/** The app's source; the two variants differ only in the module specifiers of two imports. */
function appFiles(imports: Imports): Record<string, string> {
  return {
    "tsconfig.json": `${JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022",
          lib: ["dom", "dom.iterable", "esnext"],
          allowJs: true,
          skipLibCheck: true,
          strict: true,
          noEmit: true,
          esModuleInterop: true,
          module: "esnext",
          moduleResolution: "bundler",
          resolveJsonModule: true,
          isolatedModules: true,
          jsx: "react-jsx",
          incremental: true,
          plugins: [{ name: "next" }],
        },
        // As next build completes it, so that it rewrites neither copy.
        include: ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts", ".next/dev/types/**/*.ts"],
        exclude: ["node_modules"],
      },
      null,
      2,
    )}\n`,
    "auth.ts": `import NextAuth from "${imports.nextAuth}"
import Credentials from "${imports.credentials}"

export const { handlers, auth, signIn, signOut } = NextAuth({
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
})
`,
    "app/api/auth/[...nextauth]/route.ts": `import { handlers } from "../../../../auth"

export const { GET, POST } = handlers
`,
    "proxy.ts": `import { auth } from "./auth"

export default auth((request) => {
  if (!request.auth) return Response.redirect(new URL("/api/auth/signin", request.nextUrl.origin))
})

export const config = { matcher: ["/protected/:path*"] }
`,
    "app/layout.tsx": `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
`,
    "app/page.tsx": `import { auth } from "../auth"

export default async function Home() {
  const session = await auth()
  return <p id="server-status">{session?.user ? \`Signed in as \${session.user.name}\` : "Not signed in"}</p>
}
`,
    "app/protected/page.tsx": `export default function Protected() {
  return <p id="protected">Protected content</p>
}
`,
  }
}

const user = { name: "Demo User", email: "demo@example.test" }
const secret = randomBytes(32).toString("base64url")
const otherSecret = randomBytes(32).toString("base64url")

interface Variant {
  app: CleanRoomApp
  buildSeconds: number
  buildOutput: string
}

const browser = useChromium()
let authJs: Variant
let gatehouse: Variant
let port: number
let origin: string
let server: RunningServer | undefined

async function build(app: CleanRoomApp): Promise<Variant> {
  const started = performance.now()
  const buildOutput = await app.exec(process.execPath, [nextBin, "build"])
  const buildSeconds = (performance.now() - started) / 1000
  return { app, buildSeconds, buildOutput }
}

/** Stops whichever variant is running and starts `variant` on the one origin the browser knows. */
async function deploy(variant: Variant, authSecret = secret): Promise<RunningServer> {
  await server?.stop()
  server = undefined
  server = await startServer(
    variant.app,
    [process.execPath, nextBin, "start", "-H", "127.0.0.1", "-p", String(port)],
    `http://127.0.0.1:${port}`,
    { AUTH_SECRET: authSecret, AUTH_TRUST_HOST: "true" },
    "/api/auth/providers",
  )
  return server
}

/** How each library prefixes the errors it logs: next-auth `[auth][error]`, Gatehouse `[gatehouse][error]`. */
const loggedError = /\[(auth|gatehouse)\]\[error\]/

/** Which library a production build bundled, by the error-page address only next-auth carries and the log prefix only Gatehouse has. */
function bundled(app: CleanRoomApp): { nextAuth: boolean; gatehouse: boolean } {
  const serverDir = join(app.dir, ".next", "server")
  const chunks = readdirSync(serverDir, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".js"))
    .map((path) => readFileSync(join(serverDir, path), "utf8"))
  return {
    nextAuth: chunks.some((code) => code.includes("errors.authjs.dev")),
    gatehouse: chunks.some((code) => code.includes("[gatehouse]")),
  }
}

beforeAll(async () => {
  const [authJsApp, gatehouseApp] = await Promise.all([
    createCleanRoomApp("migration-next-auth", { framework: ["next", "react", "react-dom", "next-auth"], files: appFiles(authJsImports) }),
    createCleanRoomApp("migration-gatehouse", {
      gatehouse: "@gatehouse/next",
      framework: ["next", "react", "react-dom"],
      files: appFiles(gatehouseImports),
    }),
  ])
  // One after the other: two builds at once would only fight over the machine's cores.
  authJs = await build(authJsApp)
  gatehouse = await build(gatehouseApp)
  port = await freePort()
  origin = `http://localhost:${port}`
}, 600_000)

afterAll(async () => {
  await server?.stop()
  authJs?.app.remove()
  gatehouse?.app.remove()
  removeTarballs()
})

async function signIn(page: Page): Promise<void> {
  await page.goto(`${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`)
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
  const response = await page.request.get(`${origin}/api/auth/session`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { user?: unknown } | null)?.user ?? null
}

function sessionCookie(cookies: Cookie[]): Cookie | undefined {
  return cookies.find((cookie) => cookie.name === "authjs.session-token")
}

function csrfCookie(cookies: Cookie[]): Cookie | undefined {
  return cookies.find((cookie) => cookie.name === "authjs.csrf-token")
}

/** What a deploy must keep for the browser to send the cookie and the server to keep it. */
function cookieShape(cookie: Cookie | undefined) {
  if (!cookie) return undefined
  const daysLeft = Math.round((cookie.expires - Date.now() / 1000) / 86_400)
  return { path: cookie.path, httpOnly: cookie.httpOnly, secure: cookie.secure, sameSite: cookie.sameSite, daysLeft }
}

/** The signed-in user as every part of the app sees them: page, session endpoint, proxy. */
async function expectSignedIn(page: Page): Promise<void> {
  await expect(serverStatus(page)).resolves.toBe(`Signed in as ${user.name}`)
  await expect(sessionUser(page)).resolves.toMatchObject(user)
  await page.goto(`${origin}/protected`)
  expect(new URL(page.url()).pathname).toBe("/protected")
  await expect(page.locator("#protected").textContent()).resolves.toBe("Protected content")
}

async function expectSignedOut(page: Page): Promise<void> {
  await expect(serverStatus(page)).resolves.toBe("Not signed in")
  await expect(sessionUser(page)).resolves.toBeNull()
  await page.goto(`${origin}/protected`)
  expect(new URL(page.url()).pathname).toBe("/api/auth/signin")
}

/**
 * Signs out through the built-in page. The CSRF cookie the other library set must survive it:
 * a library that could not verify that cookie would have replaced it (and the sign-out's token
 * is checked against it).
 */
async function signOut(page: Page, context: BrowserContext, csrfCookieSetBefore: Cookie | undefined): Promise<void> {
  expect(csrfCookieSetBefore).toBeDefined()
  await page.goto(`${origin}/api/auth/signout`)
  await page.getByRole("button", { name: "Sign out" }).click()
  await page.waitForURL(`${origin}/`)
  const cookies = await context.cookies()
  expect(sessionCookie(cookies)).toBeUndefined()
  expect(csrfCookie(cookies)?.value).toBe(csrfCookieSetBefore?.value)
}

/**
 * With a different AUTH_SECRET, the same cookie (copied into a fresh context, so the main
 * context keeps its own) must not sign anyone in: the session came from the cookie, not from
 * anything else the two deploys share.
 */
async function expectOtherSecretSignsOut(variant: Variant, cookies: Cookie[]): Promise<void> {
  const controlServer = await deploy(variant, otherSecret)
  const control = await browser().newContext()
  try {
    await control.addCookies(cookies)
    expect(sessionCookie(await control.cookies())).toBeDefined()
    await expectSignedOut(await control.newPage())
    // Signed out because the cookie arrived and could not be decrypted, not because it went missing.
    expect(controlServer.output()).toMatch(/JWTSessionError[\s\S]*no matching decryption secret/)
  } finally {
    await control.close()
  }
}

describe("migration rehearsal: a Next.js 16 app moves from next-auth to @gatehouse/next and back", () => {
  it("the two apps differ only in the module specifiers of their imports", () => {
    const before = appFiles(authJsImports)
    const after = appFiles(gatehouseImports)
    expect(Object.keys(after)).toEqual(Object.keys(before))
    const changedLines = Object.keys(before).flatMap((path) => {
      const [a, b] = [
        readFileSync(join(authJs.app.dir, path), "utf8").split("\n"),
        readFileSync(join(gatehouse.app.dir, path), "utf8").split("\n"),
      ]
      expect(b).toHaveLength(a.length)
      return a.flatMap((line, index) => (line === b[index] ? [] : [[line, b[index]]]))
    })
    expect(changedLines).toEqual([
      [`import NextAuth from "next-auth"`, `import NextAuth from "@gatehouse/next"`],
      [`import Credentials from "next-auth/providers/credentials"`, `import Credentials from "@gatehouse/next/providers/credentials"`],
    ])
    // The "after" app has what a user installs: @gatehouse/next instead of next-auth.
    const dependencies = (dir: string) => Object.keys(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).dependencies).sort()
    expect(dependencies(authJs.app.dir)).toEqual(["next", "next-auth", "react", "react-dom"])
    expect(dependencies(gatehouse.app.dir)).toEqual(["@gatehouse/next", "next", "react", "react-dom"])
    // The build type-checked the app: Gatehouse's types take the code written against next-auth's.
    for (const variant of [authJs, gatehouse]) expect(variant.buildOutput).toContain("Finished TypeScript")
    expect(bundled(authJs.app)).toEqual({ nextAuth: true, gatehouse: false })
    expect(bundled(gatehouse.app)).toEqual({ nextAuth: false, gatehouse: true })
    console.log(
      `migration rehearsal: builds took ${authJs.buildSeconds.toFixed(1)} s (next-auth) and ${gatehouse.buildSeconds.toFixed(1)} s (@gatehouse/next)`,
    )
  })

  it("forward: signed in on next-auth, still signed in after the swap to @gatehouse/next; sign-out works there", async () => {
    const context = await browser().newContext()
    try {
      const page = await context.newPage()
      await deploy(authJs)
      await expectSignedOut(page)
      await signIn(page)
      await expectSignedIn(page)
      const issuedByAuthJs = await context.cookies()
      expect(sessionCookie(issuedByAuthJs)?.value).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/) // JWE, direct encryption

      const swapped = await deploy(gatehouse)
      await expectSignedIn(page)
      expect(swapped.output()).not.toMatch(loggedError)
      // Unlike Auth.js, Gatehouse re-issues a JWT session cookie only once updateAge has passed
      // (session/jwt-session.ts): within it, the browser keeps next-auth's cookie untouched.
      expect(sessionCookie(await context.cookies())).toEqual(sessionCookie(issuedByAuthJs))

      await expectOtherSecretSignsOut(gatehouse, issuedByAuthJs)

      await deploy(gatehouse)
      await expectSignedIn(page)
      await signOut(page, context, csrfCookie(issuedByAuthJs))
      await expectSignedOut(page)
      expect(server?.output()).not.toMatch(loggedError)
    } finally {
      await context.close()
    }
  }, 120_000)

  it("rollback: signed in on @gatehouse/next, still signed in after the swap back to next-auth; sign-out works there", async () => {
    const context = await browser().newContext()
    try {
      const page = await context.newPage()
      await deploy(gatehouse)
      await expectSignedOut(page)
      await signIn(page)
      await expectSignedIn(page)
      const issuedByGatehouse = await context.cookies()

      const rolledBack = await deploy(authJs)
      await expectSignedIn(page)
      expect(rolledBack.output()).not.toMatch(loggedError)
      // next-auth re-issues the cookie on every read: with the attributes Gatehouse gave it.
      const renewed = sessionCookie(await context.cookies())
      expect(renewed?.value).not.toBe(sessionCookie(issuedByGatehouse)?.value)
      expect(cookieShape(renewed)).toEqual(cookieShape(sessionCookie(issuedByGatehouse)))

      await expectOtherSecretSignsOut(authJs, issuedByGatehouse)

      await deploy(authJs)
      await expectSignedIn(page)
      await signOut(page, context, csrfCookie(issuedByGatehouse))
      await expectSignedOut(page)
      expect(server?.output()).not.toMatch(loggedError)
    } finally {
      await context.close()
    }
  }, 120_000)
})
