import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import type { SvelteKitAuthConfig } from "@gatehouse/sveltekit"
import Credentials from "@gatehouse/sveltekit/providers/credentials"
import Nodemailer from "@gatehouse/sveltekit/providers/nodemailer"
import Password from "@gatehouse/sveltekit/providers/password"
import { Account } from "@gatehouse/sveltekit/account"
import { SecondFactor } from "@gatehouse/sveltekit/second-factor"
import { demoUser } from "./demo-user.js"

type Env = Record<string, string | undefined>

/**
 * The example's auth setup, from the environment:
 * - users, accounts and database sessions in SQLite at DATABASE_PATH (default ./gatehouse-example.db);
 * - AUTH_SESSION_STRATEGY: "jwt" (default) or "database" (credentials sign-ins get a session row
 *   too, unlike Auth.js);
 * - credentials "demo" / "demo";
 * - the local OpenID provider when AUTH_DEV_IDP_ISSUER is set (core reads AUTH_DEV_IDP_ID / _SECRET);
 * - e-mail links through the SMTP server at EMAIL_SERVER (e.g. smtp://127.0.0.1:2525), when set, and
 *   password accounts (the Password provider: sign-up with a verified address, forgotten password), their
 *   mails going through the same SMTP server;
 * - a second factor (TOTP and backup codes) that users turn on from the Security page (/security); once on,
 *   every sign-in asks for a code before it makes a session;
 * - the Account page (/account): linking and unlinking sign-in methods, the address change, deletion;
 * - SESSION_FRESH_AGE: how recent (seconds) a sign-in must be to turn the second factor off, unlink, change the
 *   address or delete the account (step-up; default 600);
 * - SESSION_REVOCATION_CHECK_INTERVAL: seconds between checks that a JWT session was not revoked (default
 *   60), e.g. by a password reset in another browser.
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
    // Verification, reset and "password changed" mails go through the e-mail provider above.
    providers.push(Password())
  }
  return {
    providers,
    adapter: SQLiteAdapter(env.DATABASE_PATH ?? "gatehouse-example.db"),
    // The example's own Account page (/account): the account endpoints send a browser back there with
    // ?done= or ?error= after a form.
    pages: { signIn: "/signin", account: "/account" },
    // The user's own account under /auth/account: linked sign-ins, the address, deletion (docs/account.md).
    account: Account(),
    // Optional: only users who turned TOTP on (on /security) are asked for a code.
    secondFactor: SecondFactor({ issuer: "Gatehouse SvelteKit example" }),
    session: {
      strategy: env.AUTH_SESSION_STRATEGY === "database" ? "database" : "jwt",
      ...(env.SESSION_FRESH_AGE ? { freshAge: Number(env.SESSION_FRESH_AGE) } : {}),
      ...(env.SESSION_REVOCATION_CHECK_INTERVAL ? { revocationCheckInterval: Number(env.SESSION_REVOCATION_CHECK_INTERVAL) } : {}),
    },
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
