import { timingSafeEqual } from "node:crypto"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import type { NextAuthConfig } from "@gatehouse/next"
import type { Adapter } from "@gatehouse/next/adapters"
import Credentials from "@gatehouse/next/providers/credentials"
import Nodemailer from "@gatehouse/next/providers/nodemailer"
import Passkey from "@gatehouse/next/providers/passkey"
import Password from "@gatehouse/next/providers/password"
import { SecondFactor } from "@gatehouse/next/second-factor"
import { Account } from "@gatehouse/next/account"
import { BackchannelLogout } from "@gatehouse/next/backchannel-logout"
import { FederatedSignOut } from "@gatehouse/next/federated-sign-out"

type Env = Record<string, string | undefined>

/** The one account of the credentials demo: username "demo", password "demo". */
export const demoAccount = { username: "demo", password: "demo" }
const demoUser = { id: "demo-user", name: "Demo User", email: "demo@example.test" }

function sameText(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Display names come from the browser (update()) or a form (unstable_update()): take a bounded string only. */
function cleanName(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value.trim().slice(0, 80) : undefined
}

/**
 * The example's auth setup, from the environment:
 * - AUTH_SESSION_STRATEGY: "jwt" (default) or "database". Credentials sign-ins always make a JWT
 *   session, as in Auth.js, so the demo account only works with "jwt";
 * - users, accounts and database sessions in SQLite at DATABASE_PATH (default ./gatehouse-example.db);
 * - credentials "demo" / "demo";
 * - the local OpenID provider when AUTH_DEV_IDP_ISSUER is set (core reads AUTH_DEV_IDP_ID / _SECRET);
 * - e-mail links and codes through the SMTP server at EMAIL_SERVER (e.g. smtp://127.0.0.1:2525), or printed
 *   on the console with EMAIL_SERVER=console (development only: refused under `next start`);
 * - with EMAIL_SERVER, password accounts (the Password provider: sign-up with a verified address, forgotten
 *   password), their mails sent through the same transport;
 * - a second factor (TOTP and backup codes) that users turn on from the Security page; once on, every
 *   sign-in but a passkey asks for a code (or one of the user's passkeys) before it makes a session;
 * - SESSION_REVOCATION_CHECK_INTERVAL: seconds between checks that a JWT session was not revoked (default 60);
 * - SESSION_UPDATE_AGE: seconds before a read renews the session cookie (default a day; 0 renews on every read);
 * - the Account page (/account): linking and unlinking sign-in methods, passkeys, the address change, deletion;
 * - SESSION_FRESH_AGE: how recent (seconds) a sign-in must be for turning the second factor off, new backup
 *   codes, unlinking, the address change or deletion (step-up; default 600);
 * - passkeys (WebAuthn, still experimental in Auth.js and here), their authenticators stored in SQLite. Browsers
 *   use them only on https:// sites and on http://localhost (not http://127.0.0.1).
 */
export function authConfig(env: Env): NextAuthConfig {
  const adapter: Adapter = SQLiteAdapter(env.DATABASE_PATH ?? "gatehouse-example.db")
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
    Passkey(),
  ]
  if (env.AUTH_DEV_IDP_ISSUER) {
    providers.push({
      id: "dev-idp",
      name: "Dev IdP",
      type: "oidc",
      issuer: env.AUTH_DEV_IDP_ISSUER,
      // Keeps what signing out of the IdP too needs; the devices page asks for it (signOut({ federated: true })).
      federatedSignOut: "on-request",
    })
  }
  if (env.EMAIL_SERVER) {
    providers.push(Nodemailer({ server: env.EMAIL_SERVER, from: env.EMAIL_FROM ?? "Gatehouse example <no-reply@example.test>" }))
    // Verification, reset and "password changed" mails go through the e-mail provider above.
    providers.push(Password())
  }

  return {
    providers,
    adapter,
    experimental: { enableWebAuthn: true },
    // Optional: only users who turned TOTP on (at {basePath}/second-factor) are asked for a code, or one of their passkeys.
    secondFactor: SecondFactor({ issuer: "Gatehouse example", methods: ["totp", "backup-code", "passkey"] }),
    // The example's own Account page (/account): the account endpoints send a browser back there with ?done= or ?error=.
    pages: { signIn: "/signin", account: "/account" },
    // The user's own account under /api/auth/account: linked sign-ins, passkeys, the address, deletion (docs/account.md).
    account: Account(),
    // The Dev IdP's logout tokens (/api/auth/backchannel-logout/dev-idp) end the sessions begun there (docs/federated-sign-out.md).
    backchannelLogout: BackchannelLogout(),
    // Signing out of the Dev IdP too, for the providers with `federatedSignOut` (docs/federated-sign-out.md).
    federatedSignOut: FederatedSignOut(),
    session: {
      strategy: env.AUTH_SESSION_STRATEGY === "database" ? "database" : "jwt",
      // JWT sessions: how often (seconds) a session's token is checked against its row, so a session
      // revoked on "Your devices" stops working within this bound (default 60).
      ...(env.SESSION_REVOCATION_CHECK_INTERVAL ? { revocationCheckInterval: Number(env.SESSION_REVOCATION_CHECK_INTERVAL) } : {}),
      // How long a session goes before a read renews its cookie (seconds, default a day).
      ...(env.SESSION_UPDATE_AGE ? { updateAge: Number(env.SESSION_UPDATE_AGE) } : {}),
      // How recent a sign-in the sensitive endpoints (second factor off, new backup codes) ask for (seconds, default 600).
      ...(env.SESSION_FRESH_AGE ? { freshAge: Number(env.SESSION_FRESH_AGE) } : {}),
    },
    callbacks: {
      // Runs in proxy.ts: only /protected, /devices, /security and /account need a session; everything else is public.
      authorized({ auth, request }) {
        const { pathname } = request.nextUrl
        if (["/protected", "/devices", "/security", "/account"].some((path) => pathname.startsWith(path))) return Boolean(auth?.user)
        return true
      },
      // JWT sessions: update() from the browser and unstable_update() from the server land here.
      jwt({ token, trigger, session }) {
        const name = trigger === "update" ? cleanName(session?.user?.name) : undefined
        if (name) token.name = name
        return token
      },
      // Shapes what every view sees. Database sessions: update()s arrive here as newSession and are
      // written to the user record.
      async session(params) {
        const { session, trigger, newSession } = params
        const rename = trigger === "update" ? cleanName(newSession?.user?.name) : undefined
        if (rename && "user" in params && params.user?.id) {
          await adapter.updateUser?.({ id: params.user.id, name: rename })
          if (session.user) session.user.name = rename
        }
        // The user id is handy on pages; Auth.js leaves it out by default. Nothing else is passed on:
        // with database sessions `session` also carries the session's token, which the browser must not see.
        const id = ("token" in params ? params.token?.sub : undefined) ?? ("user" in params ? params.user?.id : undefined)
        const user = session.user
        return { user: { id, name: user?.name, email: user?.email, image: user?.image }, expires: session.expires }
      },
    },
  }
}
