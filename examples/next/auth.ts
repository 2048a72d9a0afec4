import NextAuth from "@gatehouse/next"
import type { NextAuthConfig } from "@gatehouse/next"
import { authConfig } from "./auth-config"

// Lazy config: the environment is read (and the database opened) on the first request, not while
// `next build` loads the modules. The same object is handed back afterwards, so setup happens once.
let config: NextAuthConfig | undefined

export const { handlers, auth, signIn, signOut, unstable_update, sessions, account } = NextAuth(() => (config ??= authConfig(process.env)))
