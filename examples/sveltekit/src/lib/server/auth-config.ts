import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import type { SvelteKitAuthConfig } from "@gatehouse/sveltekit"
import Credentials from "@gatehouse/sveltekit/providers/credentials"
import Nodemailer from "@gatehouse/sveltekit/providers/nodemailer"
import { demoUser } from "./demo-user.js"

type Env = Record<string, string | undefined>

/**
 * The example's auth setup, from the environment:
 * - users, accounts and database sessions in SQLite at DATABASE_PATH (default ./gatehouse-example.db);
 * - AUTH_SESSION_STRATEGY: "jwt" (default) or "database" (credentials sign-ins get a session row
 *   too, unlike Auth.js);
 * - credentials "demo" / "demo";
 * - the local OpenID provider when AUTH_DEV_IDP_ISSUER is set (core reads AUTH_DEV_IDP_ID / _SECRET);
 * - e-mail links through the SMTP server at EMAIL_SERVER (e.g. smtp://127.0.0.1:2525), when set.
 */
export function authConfig(env: Env): SvelteKitAuthConfig {
  const providers: SvelteKitAuthConfig["providers"] = [
    Credentials({
      credentials: {
        username: { label: "Username" },
        password: { label: "Password", type: "password" },
      },
      authorize: (credentials) => demoUser(credentials.username, credentials.password),
    }),
  ]
  if (env.AUTH_DEV_IDP_ISSUER) {
    providers.push({ id: "dev-idp", name: "Dev IdP", type: "oidc", issuer: env.AUTH_DEV_IDP_ISSUER })
  }
  if (env.EMAIL_SERVER) {
    providers.push(Nodemailer({ server: env.EMAIL_SERVER, from: env.EMAIL_FROM ?? "Gatehouse example <no-reply@example.test>" }))
  }
  return {
    providers,
    adapter: SQLiteAdapter(env.DATABASE_PATH ?? "gatehouse-example.db"),
    pages: { signIn: "/signin" },
    session: { strategy: env.AUTH_SESSION_STRATEGY === "database" ? "database" : "jwt" },
    callbacks: {
      // The user id is handy on pages; Auth.js leaves it out of the session by default.
      // JWT sessions carry the id in token.sub, database sessions on the user record: one is set.
      session({ session, token, user }) {
        const id = token?.sub ?? user?.id
        if (session.user && id) session.user.id = id
        return session
      },
    },
  }
}
