/**
 * The mechanics of a migration rehearsal, the same for every framework: two clean-room apps
 * (the Auth.js one and the Gatehouse one, differing only in imports) built once, deployed one at a
 * time on the single origin the browser knows, and the checks that tell a signed-in user from a
 * signed-out one. Each rehearsal file says what differs for its framework: files, build, start
 * command, where the auth routes live, and any extra signed-in checks.
 */
import { randomBytes } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { BrowserContext, Cookie, Page } from "playwright-core"
import { afterAll, beforeAll, expect } from "vitest"
import { type CleanRoomApp, createCleanRoomApp, removeTarballs, type RunningServer, startServer } from "./clean-room-app.js"
import { freePort } from "./free-port.js"
import { useChromium } from "./launch-chromium.js"

export interface Variant {
  app: CleanRoomApp
  buildSeconds: number
  buildOutput: string
}

export interface RehearsalOptions<Imports> {
  appFiles: (imports: Imports) => Record<string, string>
  authJs: { appName: string; framework: string[]; imports: Imports }
  gatehouse: { appName: string; package: string; framework: string[]; imports: Imports }
  /** Builds one app for production; returns the build's output. */
  build: (app: CleanRoomApp) => Promise<string>
  /** The command and environment that serve a built app on `port`, for a browser at `origin`. */
  start: (port: number, origin: string) => { command: string[]; env?: Record<string, string> }
  /** Where the auth routes live: "/api/auth" (Next.js) or "/auth". */
  authPath: string
  buildTimeout: number
  /** Checks beyond the page and the session endpoint that this app adds to "signed in" / "signed out". */
  alsoSignedIn?: (page: Page, origin: string) => Promise<void>
  alsoSignedOut?: (page: Page, origin: string) => Promise<void>
}

export const user = { name: "Demo User", email: "demo@example.test" }

/** The credentials provider every rehearsed app configures, as app source: "demo" / "demo" signs in `user`. */
export const demoCredentialsProvider = `Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: (credentials) =>
        credentials.username === "demo" && credentials.password === "demo"
          ? { id: "1", name: "Demo User", email: "demo@example.test" }
          : null,
    })`

/** How each library prefixes the errors it logs: Auth.js `[auth][error]`, Gatehouse `[gatehouse][error]`. */
export const loggedError = /\[(auth|gatehouse)\]\[error\]/

/** A JWE with direct encryption, as both libraries write the session cookie. */
export const jweCookieValue = /^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/

export function sessionCookie(cookies: Cookie[]): Cookie | undefined {
  return cookies.find((cookie) => cookie.name === "authjs.session-token")
}

export function csrfCookie(cookies: Cookie[]): Cookie | undefined {
  return cookies.find((cookie) => cookie.name === "authjs.csrf-token")
}

/**
 * Which library a server build runs, by the error-page address only Auth.js carries and the log
 * prefix only Gatehouse has; with `orImported`, also by an import of the package the build left
 * to node_modules.
 */
export function bundled(serverDir: string, orImported = false): { authJs: boolean; gatehouse: boolean } {
  const chunks = readdirSync(serverDir, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".js"))
    .map((path) => readFileSync(join(serverDir, path), "utf8"))
  return {
    authJs: chunks.some((code) => code.includes("errors.authjs.dev") || (orImported && /["']@auth\//.test(code))),
    gatehouse: chunks.some((code) => code.includes("[gatehouse]") || (orImported && /["']@gatehouse\//.test(code))),
  }
}

export function migrationRehearsal<Imports>(options: RehearsalOptions<Imports>) {
  const secret = randomBytes(32).toString("base64url")
  const otherSecret = randomBytes(32).toString("base64url")
  const browser = useChromium()
  const variants = {} as { authJs: Variant; gatehouse: Variant }
  let port: number
  let origin: string
  let server: RunningServer | undefined

  async function build(app: CleanRoomApp): Promise<Variant> {
    const started = performance.now()
    const buildOutput = await options.build(app)
    return { app, buildSeconds: (performance.now() - started) / 1000, buildOutput }
  }

  beforeAll(async () => {
    const [authJsApp, gatehouseApp] = await Promise.all([
      createCleanRoomApp(options.authJs.appName, {
        framework: options.authJs.framework,
        files: options.appFiles(options.authJs.imports),
      }),
      createCleanRoomApp(options.gatehouse.appName, {
        gatehouse: options.gatehouse.package,
        framework: options.gatehouse.framework,
        files: options.appFiles(options.gatehouse.imports),
      }),
    ])
    // One after the other: two builds at once would only fight over the machine's cores.
    variants.authJs = await build(authJsApp)
    variants.gatehouse = await build(gatehouseApp)
    port = await freePort()
    origin = `http://localhost:${port}`
  }, options.buildTimeout)

  afterAll(async () => {
    await server?.stop()
    variants.authJs?.app.remove()
    variants.gatehouse?.app.remove()
    removeTarballs()
  })

  /** Stops whichever variant is running and starts `variant` on the one origin the browser knows. */
  async function deploy(variant: Variant, authSecret = secret): Promise<RunningServer> {
    await server?.stop()
    server = undefined
    const { command, env } = options.start(port, origin)
    server = await startServer(
      variant.app,
      command,
      `http://127.0.0.1:${port}`,
      { AUTH_SECRET: authSecret, AUTH_TRUST_HOST: "true", ...env },
      `${options.authPath}/providers`,
    )
    return server
  }

  async function serverStatus(page: Page): Promise<string | null> {
    await page.goto(`${origin}/`)
    return page.locator("#server-status").textContent()
  }

  async function sessionUser(page: Page): Promise<unknown> {
    const response = await page.request.get(`${origin}${options.authPath}/session`)
    expect(response.status()).toBe(200)
    return ((await response.json()) as { user?: unknown } | null)?.user ?? null
  }

  async function expectSignedIn(page: Page): Promise<void> {
    await expect(serverStatus(page)).resolves.toBe(`Signed in as ${user.name}`)
    await expect(sessionUser(page)).resolves.toMatchObject(user)
    await options.alsoSignedIn?.(page, origin)
  }

  async function expectSignedOut(page: Page): Promise<void> {
    await expect(serverStatus(page)).resolves.toBe("Not signed in")
    await expect(sessionUser(page)).resolves.toBeNull()
    await options.alsoSignedOut?.(page, origin)
  }

  async function signIn(page: Page): Promise<void> {
    await page.goto(`${origin}${options.authPath}/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`)
    await page.locator('input[name="username"]').fill("demo")
    await page.locator('input[name="password"]').fill("demo")
    await page.getByRole("button", { name: "Sign in with Credentials" }).click()
    await page.waitForURL(`${origin}/`)
  }

  return {
    variants,
    browser,
    deploy,
    expectSignedIn,
    expectSignedOut,

    /** A fresh browser context for one test, closed after it whatever happens. */
    async inFreshContext(test: (context: BrowserContext, page: Page) => Promise<void>): Promise<void> {
      const context = await browser().newContext()
      try {
        await test(context, await context.newPage())
      } finally {
        await context.close()
      }
    },

    /** Deploys `variant` and signs in through its built-in form, checking signed out before and signed in after. */
    async signInOn(variant: Variant, page: Page): Promise<void> {
      await deploy(variant)
      await expectSignedOut(page)
      await signIn(page)
      await expectSignedIn(page)
    },

    /** Redeploys as `variant`: the user must still be signed in, and the new server must log no error. */
    async swapTo(variant: Variant, page: Page): Promise<void> {
      const swapped = await deploy(variant)
      await expectSignedIn(page)
      expect(swapped.output()).not.toMatch(loggedError)
    },

    expectNoLoggedError(): void {
      expect(server?.output()).not.toMatch(loggedError)
    },

    /** Signs out through the built-in page; the session cookie must be gone. */
    async signOut(page: Page, context: BrowserContext): Promise<void> {
      await page.goto(`${origin}${options.authPath}/signout`)
      await page.getByRole("button", { name: "Sign out" }).click()
      await page.waitForURL(`${origin}/`)
      expect(sessionCookie(await context.cookies())).toBeUndefined()
    },

    /** A sign-out posted from another site is refused and leaves the user signed in. */
    async expectCrossSitePostRefused(page: Page): Promise<void> {
      const response = await page.request.post(`${origin}${options.authPath}/signout`, {
        headers: { Origin: "http://attacker.test" },
        form: { callbackUrl: `${origin}/` },
        maxRedirects: 0,
      })
      expect(response.status()).toBe(403)
      await expectSignedIn(page)
    },

    /**
     * With a different AUTH_SECRET, the same cookie (copied into a fresh context, so the main
     * context keeps its own) must not sign anyone in: the session came from the cookie, not from
     * anything else the two deploys share.
     */
    async expectOtherSecretSignsOut(variant: Variant, cookies: Cookie[]): Promise<void> {
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
    },

    /**
     * The lines that differ between the two built apps' files, as [Auth.js line, Gatehouse line]
     * pairs; both apps must have the same files with the same number of lines.
     */
    changedLines(): string[][] {
      const before = options.appFiles(options.authJs.imports)
      expect(Object.keys(options.appFiles(options.gatehouse.imports))).toEqual(Object.keys(before))
      return Object.keys(before).flatMap((path) => {
        const [a, b] = [
          readFileSync(join(variants.authJs.app.dir, path), "utf8").split("\n"),
          readFileSync(join(variants.gatehouse.app.dir, path), "utf8").split("\n"),
        ]
        expect(b).toHaveLength(a.length)
        return a.flatMap((line, index) => (line === b[index] ? [] : [[line, b[index] as string]]))
      })
    },

    /** The sorted dependencies an app's package.json declares. */
    dependencies(variant: Variant): string[] {
      return Object.keys(JSON.parse(readFileSync(join(variant.app.dir, "package.json"), "utf8")).dependencies).sort()
    },
  }
}
