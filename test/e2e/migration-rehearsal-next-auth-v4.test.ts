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
import { describe, expect, it } from "vitest"
import { user } from "./support/migration-rehearsal.js"
import { nextAuthV4Rehearsal, v4CredentialsProvider, v4OidcProvider, visit } from "./support/next-auth-v4-rehearsal.js"

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

const rehearsal = nextAuthV4Rehearsal("next-auth-v4", appFiles)

describe("migration rehearsal: a next-auth 4 pages-router app moves to @gatehouse/next/v4 and back", () => {
  rehearsal.rehearseEachBuild((variant) => {
    it(
      "v4's client API answers as next-auth 4's: useSession({ required }) and onUnauthenticated, getProviders, getCsrfToken, getSession",
      () =>
        rehearsal.inFreshContext(async (_context, page) => {
          /** What the app's pages show through the client API, signed out and then signed in. */
          async function observe(): Promise<unknown[]> {
            const seen: unknown[] = []
            await visit(page, `${rehearsal.origin()}/required`)
            await page.waitForURL((url) => url.pathname === "/api/auth/signin")
            const leftFor = new URL(page.url()).searchParams
            seen.push([leftFor.get("error"), leftFor.get("callbackUrl")])
            await visit(page, `${rehearsal.origin()}/required-custom`)
            await page.waitForFunction(() => document.querySelector("#required-custom")?.textContent === "onUnauthenticated called")
            await visit(page, `${rehearsal.origin()}/client-api`)
            await page.waitForFunction(() => document.querySelector("#client-api")?.textContent !== "loading")
            seen.push(JSON.parse((await page.locator("#client-api").textContent())!))
            await rehearsal.signIn(page)
            await visit(page, `${rehearsal.origin()}/required`)
            await page.waitForFunction(() => document.querySelector("#required-status")?.textContent?.startsWith("Required:"))
            seen.push(await page.locator("#required-status").textContent())
            await visit(page, `${rehearsal.origin()}/client-api`)
            await page.waitForFunction(() => document.querySelector("#client-api")?.textContent !== "loading")
            seen.push(JSON.parse((await page.locator("#client-api").textContent())!))
            await page.context().clearCookies()
            return seen
          }
          await rehearsal.deploy(rehearsal.variants.v4)
          const underV4 = await observe()
          expect(underV4).toEqual([
            ["SessionRequired", `${rehearsal.origin()}/required`],
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
          await rehearsal.deploy(variant())
          expect(await observe()).toEqual(underV4)
        }),
      240_000,
    )
  })
})
