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
import { describe } from "vitest"
import { nextAuthV4Rehearsal, v4CredentialsProvider, v4OidcProvider } from "./support/next-auth-v4-rehearsal.js"

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

const rehearsal = nextAuthV4Rehearsal("next-auth-v4-app-router", appFiles)

describe("migration rehearsal: a next-auth 4 app-router app moves to @gatehouse/next/v4 and back", () => {
  rehearsal.rehearseEachBuild()
})
