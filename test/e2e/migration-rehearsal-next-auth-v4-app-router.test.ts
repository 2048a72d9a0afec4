/**
 * The app-router half of the next-auth 4 rehearsal (the pages-router one is
 * migration-rehearsal-next-auth-v4.test.ts): an app-router app written for next-auth 4.24 (the
 * route handler `export { handler as GET, handler as POST }`, a server component calling
 * `getServerSession(authOptions)`, `SessionProvider`/`useSession` in client components, `withAuth`
 * guarding /protected; Credentials and a real OpenID provider on loopback) is built and signed in
 * to in Chromium on the real next-auth 4, then redeployed with only its import specifiers rewritten
 * to `@gatehouse/next/v4`: still signed in; and back again. A deploy with another secret is the
 * control. The Gatehouse app is built twice, with Turbopack and with webpack, and every step runs
 * on each build.
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
          plugins: [{ name: "next" }],
        },
        include: ["next-env.d.ts", "**/*.ts", "**/*.tsx", ".next/types/**/*.ts", ".next/dev/types/**/*.ts"],
        exclude: ["node_modules"],
      },
      null,
      2,
    )}\n`,
    "lib/auth.ts": `import type { AuthOptions } from "${from}"
import Credentials from "${from}/providers/credentials"

export const authOptions: AuthOptions = {
  providers: [
    ${v4CredentialsProvider},
    ${v4OidcProvider},
  ],
}
`,
    "app/api/auth/[...nextauth]/route.ts": `import NextAuth from "${from}"
import { authOptions } from "../../../../lib/auth"

const handler = NextAuth(authOptions)
export { handler as GET, handler as POST }
`,
    "app/providers.tsx": `"use client"
import { SessionProvider } from "${from}/react"

export function Providers({ children }: { children: React.ReactNode }) {
  return <SessionProvider>{children}</SessionProvider>
}
`,
    "app/layout.tsx": `import { Providers } from "./providers"

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}
`,
    "app/client-status.tsx": `"use client"
import { signOut, useSession } from "${from}/react"

export function ClientStatus() {
  const { data, status } = useSession()
  return (
    <>
      <p id="client-status">{status === "loading" ? "loading" : data?.user ? \`Client: \${data.user.name}\` : "Client: signed out"}</p>
      <button id="sign-out" type="button" onClick={() => signOut({ callbackUrl: "/" })}>Sign out</button>
    </>
  )
}
`,
    "app/page.tsx": `import { getServerSession } from "${from}"
import { authOptions } from "../lib/auth"
import { ClientStatus } from "./client-status"

export const dynamic = "force-dynamic"

export default async function Home() {
  const session = await getServerSession(authOptions)
  return (
    <main>
      <p id="server-status">{session?.user ? \`Signed in as \${session.user.name}\` : "Not signed in"}</p>
      <ClientStatus />
    </main>
  )
}
`,
    "app/protected/page.tsx": `export default function Protected() {
  return <p id="protected">Protected content</p>
}
`,
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
let port: number
let origin: string
let server: RunningServer | undefined
let idp: DevIdentityProvider | undefined
const oidcClient = oidcClientFor("next-auth-v4-app-router")
/** The two builds of the Gatehouse app, each rehearsed whole. */
const gatehouseBuilds = [
  { bundler: "Turbopack", variant: () => variants.gatehouse },
  { bundler: "webpack", variant: () => variants.gatehouseWebpack },
]

beforeAll(async () => {
  const [v4App, gatehouseApp, gatehouseWebpackApp] = await Promise.all([
    createCleanRoomApp("migration-next-auth-v4-app", { framework: ["next", "react", "react-dom"], files: appFiles("next-auth") }),
    createCleanRoomApp("migration-gatehouse-v4-app", {
      gatehouse: "@gatehouse/next",
      framework: ["next", "react", "react-dom"],
      files: appFiles("@gatehouse/next/v4"),
    }),
    createCleanRoomApp("migration-gatehouse-v4-app-webpack", {
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

async function signIn(page: Page): Promise<void> {
  await visit(page, `${origin}/protected`)
  await page.locator('input[name="username"]').fill("demo")
  await page.locator('input[name="password"]').fill("demo")
  await page.getByRole("button", { name: "Sign in with Credentials" }).click()
  await page.waitForURL(`${origin}/protected`)
}

const signInWithOidc = (page: Page) => signInWithOidcAt(page, origin, idp!)

describe("migration rehearsal: a next-auth 4 app-router app moves to @gatehouse/next/v4 and back", () => {
  it("the two apps differ only in module specifiers, each build runs its own library; the Gatehouse app builds with Turbopack and with webpack", () => {
    const before = appFiles("next-auth")
    const after = appFiles("@gatehouse/next/v4")
    for (const path of Object.keys(before)) {
      expect(after[path]!.replaceAll("@gatehouse/next/v4", "next-auth")).toBe(before[path])
    }
    expect(bundled(join(variants.gatehouse.app.dir, ".next", "server")).gatehouse).toBe(true)
    expect(bundled(join(variants.gatehouseWebpack.app.dir, ".next", "server"), true).gatehouse).toBe(true)
    expect(variants.gatehouse.buildOutput).toContain("Turbopack")
    expect(variants.gatehouseWebpack.buildOutput).not.toContain("Turbopack")
    expect(variants.gatehouseWebpack.buildOutput).toMatch(/webpack/i)
    expect(bundled(join(variants.v4.app.dir, ".next", "server"), true).gatehouse).toBe(false)
  })

  describe.each(gatehouseBuilds)("the Gatehouse app built with $bundler", ({ variant }) => {
    it(
      "forward: signed in on next-auth 4, still signed in on Gatehouse (getServerSession(authOptions), useSession, withAuth) and after the rollback; another secret signs no one in; sign-out works",
      () =>
        inFreshContext(async (context, page) => {
          await deploy(variants.v4)
          await expectSignedOut(page)
          await signIn(page)
          await expectSignedIn(page)
          const issuedByV4 = await context.cookies()
          expect(sessionCookie(issuedByV4)?.value).toMatch(jweCookieValue)

          const gatehouse = await deploy(variant())
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
          await visit(page, `${origin}/`)
          await page.locator("#sign-out").click()
          await page.waitForFunction(() => document.querySelector("#client-status")?.textContent === "Client: signed out")
          expect(sessionCookie(await context.cookies())).toBeUndefined()
          await expectSignedOut(page)
          expect(again.output().slice(fromAgain)).not.toMatch(loggedError)
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
