import { timingSafeEqual } from "node:crypto"
import NextAuth from "@gatehouse/next"
import type { NextAuthConfig } from "@gatehouse/next"
import Credentials from "@gatehouse/next/providers/credentials"

/** The one account of the credentials demo: username "demo", password "demo". */
export const demoAccount = { username: "demo", password: "demo" }
const demoUser = { id: "demo-user", name: "Demo User", email: "demo@example.test" }

function sameText(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

const providers: NextAuthConfig["providers"] = [
  Credentials({
    credentials: {
      username: { label: "Username", placeholder: "demo" },
      password: { label: "Password", type: "password" },
    },
    async authorize(credentials) {
      const userOk = sameText(credentials.username, demoAccount.username)
      const passwordOk = sameText(credentials.password, demoAccount.password)
      return userOk && passwordOk ? demoUser : null
    },
  }),
]

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth({
  providers,
  pages: { signIn: "/signin" },
  session: { strategy: "jwt" },
  callbacks: {
    // Runs in proxy.ts: only /protected needs a session; everything else is public.
    authorized({ auth, request }) {
      if (request.nextUrl.pathname.startsWith("/protected")) return Boolean(auth?.user)
      return true
    },
    // update() from the browser and unstable_update() from the server land here (trigger "update").
    // The data comes from the client: take only a bounded display name from it.
    jwt({ token, trigger, session }) {
      const name = session?.user?.name
      if (trigger === "update" && typeof name === "string" && name.trim()) token.name = name.trim().slice(0, 80)
      return token
    },
  },
})
