import { SessionProvider } from "@gatehouse/next/react"
import Link from "next/link"
import type { ReactNode } from "react"
import { auth } from "../auth"
import { signOutAction } from "./actions"
import "./globals.css"

export const metadata = { title: "Gatehouse × Next.js" }

export default async function RootLayout({ children }: { children: ReactNode }) {
  const session = await auth()
  return (
    <html lang="en">
      <body>
        {/* The server's session seeds the client: no loading flash, and server-side sign-in/out refresh it. */}
        <SessionProvider session={session}>
          <header className="topbar">
            <nav aria-label="Main">
              <span className="brand">Gatehouse</span>
              <Link href="/">Home</Link>
              <Link href="/protected">Protected</Link>
              {session?.user && (
                <Link href="/devices" data-testid="devices-link">
                  Your devices
                </Link>
              )}
              {session?.user && (
                <Link href="/security" data-testid="security-link">
                  Security
                </Link>
              )}
              {session?.user && (
                <Link href="/account" data-testid="account-link">
                  Account
                </Link>
              )}
              <span className="spacer" />
              {session?.user ? (
                <form action={signOutAction}>
                  <button type="submit" className="secondary" data-testid="sign-out">
                    Sign out
                  </button>
                </form>
              ) : (
                <Link href="/signin" data-testid="sign-in-link">
                  Sign in
                </Link>
              )}
            </nav>
          </header>
          <main>{children}</main>
        </SessionProvider>
      </body>
    </html>
  )
}
