/**
 * The move Gatehouse promises next-auth 4 apps, rehearsed in a real app: a Next.js pages-router
 * app written for next-auth 4.24 (the API route with NextAuth, `SessionProvider` and `useSession`,
 * `getServerSideProps` with `getServerSession`, `withAuth` middleware guarding /protected,
 * Credentials and a real OpenID provider on loopback; pages using `useSession({ required })`,
 * `onUnauthenticated`, `getProviders`, `getCsrfToken` and `getSession`, whose answers must match
 * next-auth 4's) is built for production and signed in to in Chromium on the real next-auth 4; then
 * redeployed with only its import specifiers rewritten to `@gatehouse/next/v4`, on the same origin
 * with the same NEXTAUTH_SECRET: the browser must still be signed in, everywhere the app looks.
 * A deploy with another secret is the control that proves the session travelled in the cookie.
 * Then the rollback: signed in on Gatehouse, back on next-auth 4, still signed in. The Gatehouse
 * app is built twice, with Turbopack (Next 16's default) and with webpack (`next build --webpack`),
 * and every step runs on each build.
 */
import { randomBytes } from "node:crypto"
import { cpSync, readFileSync, writeFileSync } from "node:fs"
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
import { type DevIdentityProvider, startDevIdentityProvider } from "../../packages/dev-idp/src/index.js"
import { bundled, jweCookieValue, user } from "./support/migration-rehearsal.js"
import {
  devUser,
  loggedError,
  oidcClientFor,
  oidcEnv,
  signInWithOidc as signInWithOidcAt,
  v4CredentialsProvider,
  v4OidcProvider,
  visit,
} from "./support/next-auth-v4-rehearsal.js"

const nextBin = createRequire(join(repoRoot, "package.json")).resolve("next/dist/bin/next")
/** The app's source; the two variants differ only in module specifiers. */
function appFiles(from: string): Record<string, string> {
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
        },
        include: ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts", ".next/dev/types/**/*.ts"],
        exclude: ["node_modules"],
      },
      null,
      2,
    )}\n`,
    "pages/api/auth/[...nextauth].ts": `import NextAuth, { type AuthOptions } from "${from}"
import Credentials from "${from}/providers/credentials"

export const authOptions: AuthOptions = {
  providers: [
    ${v4CredentialsProvider},
    ${v4OidcProvider},
  ],
}

export default NextAuth(authOptions)
`,
    "pages/_app.tsx": `import type { AppProps } from "next/app"
import { SessionProvider } from "${from}/react"

export default function App({ Component, pageProps: { session, ...pageProps } }: AppProps) {
  return (
    <SessionProvider session={session}>
      <Component {...pageProps} />
    </SessionProvider>
  )
}
`,
    "pages/index.tsx": `import type { GetServerSideProps } from "next"
import { getServerSession } from "${from}/next"
import { signOut, useSession } from "${from}/react"
import { authOptions } from "./api/auth/[...nextauth]"

export default function Home({ serverName }: { serverName: string | null }) {
  const { data, status } = useSession()
  return (
    <main>
      <p id="server-status">{serverName ? \`Signed in as \${serverName}\` : "Not signed in"}</p>
      <p id="client-status">{status === "loading" ? "loading" : data?.user ? \`Client: \${data.user.name}\` : "Client: signed out"}</p>
      <button id="sign-out" type="button" onClick={() => signOut({ callbackUrl: "/" })}>Sign out</button>
    </main>
  )
}

export const getServerSideProps: GetServerSideProps = async (context) => {
  const session = await getServerSession(context.req, context.res, authOptions)
  return { props: { session: JSON.parse(JSON.stringify(session)), serverName: session?.user?.name ?? null } }
}
`,
    // v4's client API beyond useSession(): required, onUnauthenticated, getProviders, getCsrfToken, getSession.
    "pages/required.tsx": `import { useSession } from "${from}/react"

export default function Required() {
  const { data, status } = useSession({ required: true })
  return <p id="required-status">{status === "authenticated" ? \`Required: \${data?.user?.name}\` : status}</p>
}
`,
    "pages/required-custom.tsx": `import { useState } from "react"
import { useSession } from "${from}/react"

export default function RequiredCustom() {
  const [left, setLeft] = useState(false)
  const { status } = useSession({ required: true, onUnauthenticated: () => setLeft(true) })
  return <p id="required-custom">{left ? "onUnauthenticated called" : status}</p>
}
`,
    "pages/client-api.tsx": `import { useEffect, useState } from "react"
import { getCsrfToken, getProviders, getSession } from "${from}/react"

export default function ClientApi() {
  const [text, setText] = useState("loading")
  useEffect(() => {
    Promise.all([getProviders(), getCsrfToken(), getSession()]).then(([providers, csrfToken, session]) =>
      setText(
        JSON.stringify({
          providers: Object.values(providers ?? {}).map(({ id, name, type, signinUrl, callbackUrl }) => ({ id, name, type, signinUrl, callbackUrl })),
          csrfToken: typeof csrfToken === "string" && csrfToken.length > 20,
          session: session?.user?.name ?? null,
        }),
      ),
    )
  }, [])
  return <p id="client-api">{text}</p>
}
`,
    "pages/protected.tsx": `export default function Protected() {
  return <p id="protected">Protected content</p>
}
`,
    // withAuth(options), not v4's other form (re-exporting the default): Next 16 takes next-auth 4's
    // CommonJS default for the module object and refuses to build the "before" app.
    "middleware.ts": `import { withAuth } from "${from}/middleware"

export default withAuth({})

export const config = { matcher: ["/protected"] }
`,
  }
}

interface Variant {
  app: CleanRoomApp
  buildOutput: string
}

const secret = randomBytes(32).toString("base64url")
const otherSecret = randomBytes(32).toString("base64url")
const browser = useChromium()
const variants = {} as { v4: Variant; gatehouse: Variant; gatehouseWebpack: Variant }
/** The two builds of the Gatehouse app, each rehearsed whole. */
const gatehouseBuilds = [
  { bundler: "Turbopack", variant: () => variants.gatehouse },
  { bundler: "webpack", variant: () => variants.gatehouseWebpack },
]
let port: number
let origin: string
let server: RunningServer | undefined
let idp: DevIdentityProvider | undefined
const oidcClient = oidcClientFor("next-auth-v4-app")

beforeAll(async () => {
  const [v4App, gatehouseApp, gatehouseWebpackApp] = await Promise.all([
    createCleanRoomApp("migration-next-auth-v4", { framework: ["next", "react", "react-dom"], files: appFiles("next-auth") }),
    createCleanRoomApp("migration-gatehouse-v4", {
      gatehouse: "@gatehouse/next",
      framework: ["next", "react", "react-dom"],
      files: appFiles("@gatehouse/next/v4"),
    }),
    createCleanRoomApp("migration-gatehouse-v4-webpack", {
      gatehouse: "@gatehouse/next",
      framework: ["next", "react", "react-dom"],
      files: appFiles("@gatehouse/next/v4"),
    }),
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
  // One after the other: two builds at once would only fight over the machine's cores.
  for (const [name, app] of [
    ["v4", v4App],
    ["gatehouse", gatehouseApp],
  ] as const) {
    variants[name] = { app, buildOutput: await app.exec(process.execPath, [nextBin, "build"]) }
  }
  // The same Gatehouse app built with webpack instead of Turbopack.
  variants.gatehouseWebpack = {
    app: gatehouseWebpackApp,
    buildOutput: await gatehouseWebpackApp.exec(process.execPath, [nextBin, "build", "--webpack"]),
  }
  port = await freePort()
  origin = `http://localhost:${port}`
  idp = await startDevIdentityProvider({
    clients: [{ ...oidcClient, redirect_uris: [`${origin}/api/auth/callback/dev-idp`] }],
  })
}, 900_000)

afterAll(async () => {
  await server?.stop()
  await idp?.close()
  variants.v4?.app.remove()
  variants.gatehouse?.app.remove()
  variants.gatehouseWebpack?.app.remove()
  removeTarballs()
})

async function deploy(variant: Variant, withSecret = secret): Promise<RunningServer> {
  await server?.stop()
  server = undefined
  server = await startServer(
    variant.app,
    [process.execPath, nextBin, "start", "-H", "127.0.0.1", "-p", String(port)],
    `http://127.0.0.1:${port}`,
    {
      NEXTAUTH_URL: origin,
      NEXTAUTH_SECRET: withSecret,
      ...oidcEnv(idp!, oidcClient),
    },
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

const sessionCookie = (cookies: Cookie[]) => cookies.find((cookie) => cookie.name === "next-auth.session-token")

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

/** Signs in through the built-in page that withAuth sends the visitor to from /protected. */
async function signIn(page: Page): Promise<void> {
  await visit(page, `${origin}/protected`)
  await page.locator('input[name="username"]').fill("demo")
  await page.locator('input[name="password"]').fill("demo")
  await page.getByRole("button", { name: "Sign in with Credentials" }).click()
  await page.waitForURL(`${origin}/protected`)
}

const signInWithOidc = (page: Page) => signInWithOidcAt(page, origin, idp!)

describe("migration rehearsal: a next-auth 4 pages-router app moves to @gatehouse/next/v4 and back", () => {
  it("the two apps differ only in module specifiers, each runs its own library; the Gatehouse app builds with Turbopack and with webpack", () => {
    const before = appFiles("next-auth")
    const after = appFiles("@gatehouse/next/v4")
    for (const path of Object.keys(before)) {
      expect(after[path]!.replaceAll("@gatehouse/next/v4", "next-auth")).toBe(before[path])
    }
    for (const variant of [variants.v4, variants.gatehouse, variants.gatehouseWebpack]) {
      expect(variant.buildOutput).toMatch(/Compiled|Finished/)
    }
    expect(variants.gatehouse.buildOutput).toContain("Turbopack")
    expect(variants.gatehouseWebpack.buildOutput).not.toContain("Turbopack")
    expect(variants.gatehouseWebpack.buildOutput).toMatch(/webpack/i)
    expect(bundled(join(variants.gatehouse.app.dir, ".next", "server")).gatehouse).toBe(true)
    expect(bundled(join(variants.gatehouseWebpack.app.dir, ".next", "server"), true).gatehouse).toBe(true)
    const v4Server = join(variants.v4.app.dir, ".next", "server")
    expect(bundled(v4Server, true).gatehouse).toBe(false)
  })

  describe.each(gatehouseBuilds)("the Gatehouse app built with $bundler", ({ variant }) => {
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

          await deploy(variant())
          await expectSignedIn(page)
          await visit(page, `${origin}/`)
          await page.locator("#sign-out").click()
          await page.waitForFunction(() => document.querySelector("#client-status")?.textContent === "Client: signed out")
          expect(sessionCookie(await context.cookies())).toBeUndefined()
          await expectSignedOut(page)
        }),
      240_000,
    )

    it(
      "v4's client API answers as next-auth 4's: useSession({ required }) and onUnauthenticated, getProviders, getCsrfToken, getSession",
      () =>
        inFreshContext(async (_context, page) => {
          /** What the app's pages show through the client API, signed out and then signed in. */
          async function observe(): Promise<unknown[]> {
            const seen: unknown[] = []
            await visit(page, `${origin}/required`)
            await page.waitForURL((url) => url.pathname === "/api/auth/signin")
            const leftFor = new URL(page.url()).searchParams
            seen.push([leftFor.get("error"), leftFor.get("callbackUrl")])
            await visit(page, `${origin}/required-custom`)
            await page.waitForFunction(() => document.querySelector("#required-custom")?.textContent === "onUnauthenticated called")
            await visit(page, `${origin}/client-api`)
            await page.waitForFunction(() => document.querySelector("#client-api")?.textContent !== "loading")
            seen.push(JSON.parse((await page.locator("#client-api").textContent())!))
            await signIn(page)
            await visit(page, `${origin}/required`)
            await page.waitForFunction(() => document.querySelector("#required-status")?.textContent?.startsWith("Required:"))
            seen.push(await page.locator("#required-status").textContent())
            await visit(page, `${origin}/client-api`)
            await page.waitForFunction(() => document.querySelector("#client-api")?.textContent !== "loading")
            seen.push(JSON.parse((await page.locator("#client-api").textContent())!))
            await page.context().clearCookies()
            return seen
          }
          await deploy(variants.v4)
          const underV4 = await observe()
          expect(underV4).toEqual([
            ["SessionRequired", `${origin}/required`],
            {
              providers: [
                expect.objectContaining({ id: "credentials", type: "credentials" }),
                expect.objectContaining({ id: "dev-idp", type: "oauth" }),
              ],
              csrfToken: true,
              session: null,
            },
            `Required: ${user.name}`,
            expect.objectContaining({ session: user.name }),
          ])
          await deploy(variant())
          expect(await observe()).toEqual(underV4)
        }),
      240_000,
    )

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
          await signInWithOidc(page)
          await expectSignedIn(page, devUser)
          expect(sessionCookie(await context.cookies())?.value).toMatch(jweCookieValue)

          const gatehouse = await deploy(variant())
          const fromSwap = gatehouse.output().length
          await expectSignedIn(page, devUser)

          await visit(page, `${origin}/`)
          await page.locator("#sign-out").click()
          await page.waitForFunction(() => document.querySelector("#client-status")?.textContent === "Client: signed out")
          await signInWithOidc(page)
          await expectSignedIn(page, devUser)
          expect(gatehouse.output().slice(fromSwap)).not.toMatch(loggedError)
        }),
      240_000,
    )
  })
})
