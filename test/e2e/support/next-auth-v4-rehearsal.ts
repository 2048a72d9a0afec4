/**
 * The next-auth 4 rehearsal, shared by the pages-router app (migration-rehearsal-next-auth-v4.test.ts)
 * and the app-router app (migration-rehearsal-next-auth-v4-app-router.test.ts): three clean-room apps
 * (the app on the real next-auth 4, and the same source with only its import specifiers rewritten to
 * `@gatehouse/next/v4`, built once with Turbopack and once with webpack), deployed one at a time on
 * the one origin the browser knows, with Credentials and a real OpenID provider on loopback; and the
 * steps every build of the swapped app must pass: forward (with the rollback of the browser signed in
 * under next-auth 4, another secret as the control, sign-out), rollback, OpenID Connect. Each file
 * gives its app's source and may add steps of its own.
 */
import { randomBytes } from "node:crypto"
import { cpSync, readFileSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import type { BrowserContext, Cookie, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type DevIdentityProvider, defaultDevUser, startDevIdentityProvider } from "../../../packages/dev-idp/src/index.js"
import { type CleanRoomApp, createCleanRoomApp, removeTarballs, repoRoot, type RunningServer, startServer } from "./clean-room-app.js"
import { freePort } from "./free-port.js"
import { useChromium } from "./launch-chromium.js"
import { bundled, jweCookieValue, user } from "./migration-rehearsal.js"

/** How each library prefixes the errors it logs: next-auth 4 `[next-auth][error]`, Gatehouse `[gatehouse][error]`. */
const loggedError = /\[(next-auth|gatehouse)\]\[error\]/

/** "demo" / "demo" signs in the rehearsals' `user`; v4's types make `credentials` possibly undefined. */
export const v4CredentialsProvider = `Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: async (credentials) =>
        credentials?.username === "demo" && credentials?.password === "demo"
          ? { id: "1", name: "Demo User", email: "demo@example.test" }
          : null,
    })`

/**
 * A provider written by hand in v4's form (next-auth 4's docs for a custom OpenID provider:
 * `wellKnown`, `idToken: true`), pointed at the real OpenID provider (oidc-provider) on loopback
 * through OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.
 */
export const v4OidcProvider = `{
      id: "dev-idp",
      name: "Dev IdP",
      type: "oauth",
      wellKnown: \`\${process.env.OIDC_ISSUER}/.well-known/openid-configuration\`,
      authorization: { params: { scope: "openid email profile" } },
      idToken: true,
      checks: ["pkce", "state"],
      clientId: process.env.OIDC_CLIENT_ID,
      clientSecret: process.env.OIDC_CLIENT_SECRET,
      profile(profile) {
        return { id: String(profile.sub), name: profile.name, email: profile.email }
      },
    }`

/** The rehearsed app's client at the dev provider. */
function oidcClientFor(appName: string) {
  return { client_id: appName, client_secret: randomBytes(16).toString("hex") }
}

/** The environment that points v4OidcProvider at `idp`. */
function oidcEnv(idp: DevIdentityProvider, client: { client_id: string; client_secret: string }): Record<string, string> {
  return { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: client.client_id, OIDC_CLIENT_SECRET: client.client_secret }
}

/** The dev provider's default user has both (its own tests hold it to that). */
const devUser = { name: defaultDevUser.name!, email: defaultDevUser.email! }

/**
 * page.goto, where a navigation the page starts by itself (a client refetch after a swap or a sign-out, on a
 * loaded machine) may interrupt ours: that navigation is let finish, then ours is made again.
 */
export async function visit(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url)
  } catch (error) {
    if (!String(error).includes("is interrupted by another navigation")) throw error
    await page.waitForLoadState()
    await page.goto(url)
  }
}

/** Signs in at the OpenID provider through the built-in sign-in page (the IdP skips its form while its own session lasts). */
async function signInWithOidc(page: Page, origin: string, idp: DevIdentityProvider): Promise<void> {
  await visit(page, `${origin}/api/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/`)}`)
  await page.getByRole("button", { name: "Sign in with Dev IdP" }).click()
  await page.waitForURL((url) => url.origin === idp.issuer || url.href === `${origin}/`)
  if (new URL(page.url()).origin === idp.issuer) await page.locator("#sign-in").click()
  await page.waitForURL(`${origin}/`)
}

const nextBin = createRequire(join(repoRoot, "package.json")).resolve("next/dist/bin/next")

export interface V4Variant {
  app: CleanRoomApp
  buildOutput: string
}

export interface V4Rehearsal {
  variants: { v4: V4Variant; gatehouse: V4Variant; gatehouseWebpack: V4Variant }
  origin(): string
  browser(): ReturnType<ReturnType<typeof useChromium>>
  deploy(variant: V4Variant, withSecret?: string): Promise<RunningServer>
  inFreshContext(test: (context: BrowserContext, page: Page) => Promise<void>): Promise<void>
  expectSignedIn(page: Page, who?: { name: string; email: string }): Promise<void>
  expectSignedOut(page: Page): Promise<void>
  /** Signs in with Credentials through the built-in page withAuth sends the visitor to from /protected. */
  signIn(page: Page): Promise<void>
  /** The Gatehouse builds' steps, each build rehearsed whole; `more` adds a file's own steps per build. */
  rehearseEachBuild(more?: (variant: () => V4Variant) => void): void
}

/** Registers the apps' build and teardown; `appFiles(from)` is the app's source importing from `from`. */
export function nextAuthV4Rehearsal(name: string, appFiles: (from: string) => Record<string, string>): V4Rehearsal {
  const secret = randomBytes(32).toString("base64url")
  const otherSecret = randomBytes(32).toString("base64url")
  const browser = useChromium()
  const variants = {} as V4Rehearsal["variants"]
  const oidcClient = oidcClientFor(name)
  let port: number
  let origin: string
  let server: RunningServer | undefined
  let idp: DevIdentityProvider | undefined

  beforeAll(async () => {
    const gatehouseApp = (suffix: string) =>
      createCleanRoomApp(`migration-gatehouse-${name}${suffix}`, {
        gatehouse: "@gatehouse/next",
        framework: ["next", "react", "react-dom"],
        files: appFiles("@gatehouse/next/v4"),
      })
    const [v4App, turbopackApp, webpackApp] = await Promise.all([
      createCleanRoomApp(`migration-${name}`, { framework: ["next", "react", "react-dom"], files: appFiles("next-auth") }),
      gatehouseApp(""),
      gatehouseApp("-webpack"),
    ])
    // The "before" app has next-auth 4 as a user installs it (the workspace holds it as next-auth-v4).
    cpSync(join(repoRoot, "node_modules", "next-auth-v4"), join(v4App.dir, "node_modules", "next-auth"), {
      recursive: true,
      dereference: true,
    })
    const manifestPath = join(v4App.dir, "package.json")
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"))
    manifest.dependencies["next-auth"] =
      `^${JSON.parse(readFileSync(join(repoRoot, "node_modules", "next-auth-v4", "package.json"), "utf8")).version}`
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2))
    // One after the other: builds at once would only fight over the machine's cores.
    variants.v4 = { app: v4App, buildOutput: await v4App.exec(process.execPath, [nextBin, "build"]) }
    variants.gatehouse = { app: turbopackApp, buildOutput: await turbopackApp.exec(process.execPath, [nextBin, "build"]) }
    variants.gatehouseWebpack = { app: webpackApp, buildOutput: await webpackApp.exec(process.execPath, [nextBin, "build", "--webpack"]) }
    port = await freePort()
    origin = `http://localhost:${port}`
    idp = await startDevIdentityProvider({
      clients: [{ ...oidcClient, redirect_uris: [`${origin}/api/auth/callback/dev-idp`] }],
    })
  }, 900_000)

  afterAll(async () => {
    await server?.stop()
    await idp?.close()
    for (const variant of Object.values(variants)) variant.app.remove()
    removeTarballs()
  })

  async function deploy(variant: V4Variant, withSecret = secret): Promise<RunningServer> {
    await server?.stop()
    server = undefined
    server = await startServer(
      variant.app,
      [process.execPath, nextBin, "start", "-H", "127.0.0.1", "-p", String(port)],
      `http://127.0.0.1:${port}`,
      { NEXTAUTH_URL: origin, NEXTAUTH_SECRET: withSecret, ...oidcEnv(idp!, oidcClient) },
      "/api/auth/providers",
    )
    return server
  }

  async function inFreshContext(test: (context: BrowserContext, page: Page) => Promise<void>) {
    const context = await browser().newContext()
    try {
      await test(context, await context.newPage())
    } finally {
      await context.close()
    }
  }

  async function expectSignedIn(page: Page, who: { name: string; email: string } = user): Promise<void> {
    await visit(page, `${origin}/`)
    await expect(page.locator("#server-status").textContent()).resolves.toBe(`Signed in as ${who.name}`)
    await page.waitForFunction((name) => document.querySelector("#client-status")?.textContent === `Client: ${name}`, who.name)
    const session = await (await page.request.get(`${origin}/api/auth/session`)).json()
    expect(session.user).toMatchObject(who)
    await visit(page, `${origin}/protected`)
    expect(new URL(page.url()).pathname).toBe("/protected")
    await expect(page.locator("#protected").textContent()).resolves.toBe("Protected content")
  }

  async function expectSignedOut(page: Page): Promise<void> {
    await visit(page, `${origin}/`)
    await expect(page.locator("#server-status").textContent()).resolves.toBe("Not signed in")
    await page.waitForFunction(() => document.querySelector("#client-status")?.textContent === "Client: signed out")
    await expect((await page.request.get(`${origin}/api/auth/session`)).json()).resolves.toEqual({})
    await visit(page, `${origin}/protected`)
    expect(new URL(page.url()).pathname).toBe("/api/auth/signin")
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/protected")
  }

  async function signIn(page: Page): Promise<void> {
    await visit(page, `${origin}/protected`)
    await page.locator('input[name="username"]').fill("demo")
    await page.locator('input[name="password"]').fill("demo")
    await page.getByRole("button", { name: "Sign in with Credentials" }).click()
    await page.waitForURL(`${origin}/protected`)
  }

  async function signOut(page: Page): Promise<void> {
    await visit(page, `${origin}/`)
    await page.locator("#sign-out").click()
    await page.waitForFunction(() => document.querySelector("#client-status")?.textContent === "Client: signed out")
  }

  const sessionCookie = (cookies: Cookie[]) => cookies.find((cookie) => cookie.name === "next-auth.session-token")

  function rehearseEachBuild(more?: (variant: () => V4Variant) => void): void {
    it("the two apps differ only in module specifiers, each build runs its own library; the Gatehouse app builds with Turbopack and with webpack", () => {
      const before = appFiles("next-auth")
      const after = appFiles("@gatehouse/next/v4")
      for (const path of Object.keys(before)) {
        expect(after[path]!.replaceAll("@gatehouse/next/v4", "next-auth")).toBe(before[path])
      }
      for (const variant of Object.values(variants)) expect(variant.buildOutput).toMatch(/Compiled|Finished/)
      expect(variants.gatehouse.buildOutput).toContain("Turbopack")
      expect(variants.gatehouseWebpack.buildOutput).not.toContain("Turbopack")
      expect(variants.gatehouseWebpack.buildOutput).toMatch(/webpack/i)
      expect(bundled(join(variants.gatehouse.app.dir, ".next", "server")).gatehouse).toBe(true)
      expect(bundled(join(variants.gatehouseWebpack.app.dir, ".next", "server"), true).gatehouse).toBe(true)
      expect(bundled(join(variants.v4.app.dir, ".next", "server"), true).gatehouse).toBe(false)
    })

    const builds = [
      { bundler: "Turbopack", variant: () => variants.gatehouse },
      { bundler: "webpack", variant: () => variants.gatehouseWebpack },
    ]
    describe.each(builds)("the Gatehouse app built with $bundler", ({ variant }) => {
      it(
        "forward: signed in on next-auth 4, still signed in on Gatehouse (server, client, middleware) and after the rollback; another secret signs no one in; sign-out works",
        () =>
          inFreshContext(async (context, page) => {
            await deploy(variants.v4)
            await expectSignedOut(page)
            await signIn(page)
            await expectSignedIn(page)
            const issuedByV4 = await context.cookies()
            expect(sessionCookie(issuedByV4)?.value).toMatch(jweCookieValue)

            const gatehouse = await deploy(variant())
            // From here: the start-up probe asks for 127.0.0.1, which NEXTAUTH_URL (localhost) makes an untrusted host.
            const fromSwap = gatehouse.output().length
            await expectSignedIn(page)
            expect(gatehouse.output().slice(fromSwap)).not.toMatch(loggedError)

            // The rollback of this very browser: the session it brought from next-auth 4, read (and possibly renewed) by Gatehouse.
            const rolledBack = await deploy(variants.v4)
            const fromRollback = rolledBack.output().length
            await expectSignedIn(page)
            expect(rolledBack.output().slice(fromRollback)).not.toMatch(loggedError)

            await deploy(variant(), otherSecret)
            const control = await browser().newContext()
            try {
              await control.addCookies(issuedByV4)
              await expectSignedOut(await control.newPage())
            } finally {
              await control.close()
            }

            const again = await deploy(variant())
            const fromAgain = again.output().length
            await expectSignedIn(page)
            await signOut(page)
            expect(sessionCookie(await context.cookies())).toBeUndefined()
            await expectSignedOut(page)
            expect(again.output().slice(fromAgain)).not.toMatch(loggedError)
          }),
        240_000,
      )

      more?.(variant)

      it(
        "rollback: signed in on Gatehouse, still signed in on next-auth 4",
        () =>
          inFreshContext(async (context, page) => {
            await deploy(variant())
            await expectSignedOut(page)
            await signIn(page)
            await expectSignedIn(page)
            expect(sessionCookie(await context.cookies())?.value).toMatch(jweCookieValue)

            const v4 = await deploy(variants.v4)
            const fromSwap = v4.output().length
            await expectSignedIn(page)
            expect(v4.output().slice(fromSwap)).not.toMatch(loggedError)
          }),
        240_000,
      )

      it(
        "OpenID Connect: signed in through the real provider on next-auth 4, still signed in on Gatehouse, which signs in through v4's provider object too",
        () =>
          inFreshContext(async (context, page) => {
            await deploy(variants.v4)
            await signInWithOidc(page, origin, idp!)
            await expectSignedIn(page, devUser)
            expect(sessionCookie(await context.cookies())?.value).toMatch(jweCookieValue)

            const gatehouse = await deploy(variant())
            const fromSwap = gatehouse.output().length
            await expectSignedIn(page, devUser)

            await signOut(page)
            await signInWithOidc(page, origin, idp!)
            await expectSignedIn(page, devUser)
            expect(gatehouse.output().slice(fromSwap)).not.toMatch(loggedError)
          }),
        240_000,
      )
    })
  }

  return {
    variants,
    origin: () => origin,
    browser,
    deploy,
    inFreshContext,
    expectSignedIn,
    expectSignedOut,
    signIn,
    rehearseEachBuild,
  }
}
