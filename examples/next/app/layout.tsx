import { SessionProvider } from "@gatehouse/next/react"
import Link from "next/link"
import type { ReactNode } from "react"
import { auth } from "../auth"
import { signOutAction } from "./actions"

export const metadata = { title: "Gatehouse × Next.js" }

export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await auth()
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", maxWidth: 720, margin: "2rem auto", padding: "0 1rem" }}>
        {/* The server's session seeds the client: no loading flash, and server-side sign-in/out refresh it. */}
        <SessionProvider session={session}>
          <nav style={{ display: "flex", gap: "1rem", alignItems: "center" }}>
            <Link href="/">Home</Link>
            <Link href="/protected">Protected</Link>
            <span style={{ flex: 1 }} />
            {session?.user ? (
              <form action={signOutAction}>
                <button type="submit" data-testid="sign-out">Sign out</button>
              </form>
            ) : (
              <Link href="/signin" data-testid="sign-in-link">Sign in</Link>
            )}
          </nav>
          <main>{children}</main>
        </SessionProvider>
      </body>
    </html>
  )
}
