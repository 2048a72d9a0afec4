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
import { createRequire } from "node:module"
import { join } from "node:path"
import type { BrowserContext, Cookie, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { repoRoot } from "./support/clean-room-app.js"
import {
  bundled,
  csrfCookie,
  demoCredentialsProvider,
  jweCookieValue,
  migrationRehearsal,
  sessionCookie,
} from "./support/migration-rehearsal.js"

const nextBin = createRequire(join(repoRoot, "package.json")).resolve("next/dist/bin/next")

interface Imports {
  nextAuth: string
  credentials: string
}

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
    ${demoCredentialsProvider},
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

/** Beyond the page and the session endpoint, the proxy sees the user too. */
async function proxyLetsThrough(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/protected`)
  expect(new URL(page.url()).pathname).toBe("/protected")
  await expect(page.locator("#protected").textContent()).resolves.toBe("Protected content")
}

async function proxySendsToSignIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/protected`)
  expect(new URL(page.url()).pathname).toBe("/api/auth/signin")
}

const rehearsal = migrationRehearsal<Imports>({
  appFiles,
  authJs: {
    appName: "migration-next-auth",
    framework: ["next", "react", "react-dom", "next-auth"],
    imports: { nextAuth: "next-auth", credentials: "next-auth/providers/credentials" },
  },
  gatehouse: {
    appName: "migration-gatehouse",
    package: "@gatehouse/next",
    framework: ["next", "react", "react-dom"],
    imports: { nextAuth: "@gatehouse/next", credentials: "@gatehouse/next/providers/credentials" },
  },
  build: (app) => app.exec(process.execPath, [nextBin, "build"]),
  start: (port) => ({ command: [process.execPath, nextBin, "start", "-H", "127.0.0.1", "-p", String(port)] }),
  authPath: "/api/auth",
  buildTimeout: 600_000,
  alsoSignedIn: proxyLetsThrough,
  alsoSignedOut: proxySendsToSignIn,
})
const { variants } = rehearsal

/** What a deploy must keep for the browser to send the cookie and the server to keep it. */
function cookieShape(cookie: Cookie | undefined) {
  if (!cookie) return undefined
  const daysLeft = Math.round((cookie.expires - Date.now() / 1000) / 86_400)
  return { path: cookie.path, httpOnly: cookie.httpOnly, secure: cookie.secure, sameSite: cookie.sameSite, daysLeft }
}

/**
 * Signs out through the built-in page. The CSRF cookie the other library set must survive it:
 * a library that could not verify that cookie would have replaced it (and the sign-out's token
 * is checked against it).
 */
async function signOutKeepingCsrfCookie(page: Page, context: BrowserContext, csrfCookieSetBefore: Cookie | undefined): Promise<void> {
  expect(csrfCookieSetBefore).toBeDefined()
  await rehearsal.signOut(page, context)
  expect(csrfCookie(await context.cookies())?.value).toBe(csrfCookieSetBefore?.value)
}

describe("migration rehearsal: a Next.js 16 app moves from next-auth to @gatehouse/next and back", () => {
  it("the two apps differ only in the module specifiers of their imports", () => {
    const { authJs, gatehouse } = variants
    expect(rehearsal.changedLines()).toEqual([
      [`import NextAuth from "next-auth"`, `import NextAuth from "@gatehouse/next"`],
      [`import Credentials from "next-auth/providers/credentials"`, `import Credentials from "@gatehouse/next/providers/credentials"`],
    ])
    // The "after" app has what a user installs: @gatehouse/next instead of next-auth.
    expect(rehearsal.dependencies(authJs)).toEqual(["next", "next-auth", "react", "react-dom"])
    expect(rehearsal.dependencies(gatehouse)).toEqual(["@gatehouse/next", "next", "react", "react-dom"])
    // The build type-checked the app: Gatehouse's types take the code written against next-auth's.
    for (const variant of [authJs, gatehouse]) expect(variant.buildOutput).toContain("Finished TypeScript")
    expect(bundled(join(authJs.app.dir, ".next", "server"))).toEqual({ authJs: true, gatehouse: false })
    expect(bundled(join(gatehouse.app.dir, ".next", "server"))).toEqual({ authJs: false, gatehouse: true })
    console.log(
      `migration rehearsal: builds took ${authJs.buildSeconds.toFixed(1)} s (next-auth) and ${gatehouse.buildSeconds.toFixed(1)} s (@gatehouse/next)`,
    )
  })

  it(
    "forward: signed in on next-auth, still signed in after the swap to @gatehouse/next; sign-out works there",
    () =>
      rehearsal.inFreshContext(async (context, page) => {
        await rehearsal.signInOn(variants.authJs, page)
        const issuedByAuthJs = await context.cookies()
        expect(sessionCookie(issuedByAuthJs)?.value).toMatch(jweCookieValue)

        await rehearsal.swapTo(variants.gatehouse, page)
        // Unlike Auth.js, Gatehouse re-issues a JWT session cookie only once updateAge has passed
        // (session-cookie/jwt-session.ts): within it, the browser keeps next-auth's cookie untouched.
        expect(sessionCookie(await context.cookies())).toEqual(sessionCookie(issuedByAuthJs))

        await rehearsal.expectOtherSecretSignsOut(variants.gatehouse, issuedByAuthJs)

        await rehearsal.deploy(variants.gatehouse)
        await rehearsal.expectSignedIn(page)
        await signOutKeepingCsrfCookie(page, context, csrfCookie(issuedByAuthJs))
        await rehearsal.expectSignedOut(page)
        rehearsal.expectNoLoggedError()
      }),
    120_000,
  )

  it(
    "rollback: signed in on @gatehouse/next, still signed in after the swap back to next-auth; sign-out works there",
    () =>
      rehearsal.inFreshContext(async (context, page) => {
        await rehearsal.signInOn(variants.gatehouse, page)
        const issuedByGatehouse = await context.cookies()

        await rehearsal.swapTo(variants.authJs, page)
        // next-auth re-issues the cookie on every read: with the attributes Gatehouse gave it.
        const renewed = sessionCookie(await context.cookies())
        expect(renewed?.value).not.toBe(sessionCookie(issuedByGatehouse)?.value)
        expect(cookieShape(renewed)).toEqual(cookieShape(sessionCookie(issuedByGatehouse)))

        await rehearsal.expectOtherSecretSignsOut(variants.authJs, issuedByGatehouse)

        await rehearsal.deploy(variants.authJs)
        await rehearsal.expectSignedIn(page)
        await signOutKeepingCsrfCookie(page, context, csrfCookie(issuedByGatehouse))
        await rehearsal.expectSignedOut(page)
        rehearsal.expectNoLoggedError()
      }),
    120_000,
  )
})
