/*
 * The example's Gatehouse config, built once per process: returning the same object on every
 * request lets core reuse its resolved config. Server only (SQLite, SMTP): plugin@auth.ts
 * loads this module behind an isServer check so the browser build never sees it.
 * AUTH_SECRET (required in production) and AUTH_TRUST_HOST are read by @gatehouse/qwik itself.
 */
import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler"
import { SQLiteAdapter } from "@gatehouse/adapter-sqlite"
import type { QwikAuthConfig } from "@gatehouse/qwik"
import { CredentialsSignin } from "@gatehouse/qwik"
import Credentials from "@gatehouse/qwik/providers/credentials"
import Nodemailer from "@gatehouse/qwik/providers/nodemailer"
import Password from "@gatehouse/qwik/providers/password"
import { Account } from "@gatehouse/qwik/account"
import { SecondFactor } from "@gatehouse/qwik/second-factor"
import { sessionStrategy, signInOptions } from "./options"

/** A refusal with its own code: the page shows it next to the error type. */
class AccountLocked extends CredentialsSignin {
  code = "account_locked"
}

/** The one demo account: user "demo", password "demo". */
const demoCredentials = Credentials({
  credentials: {
    username: { label: "Username", type: "text" },
    password: { label: "Password", type: "password" },
  },
  authorize(credentials) {
    if (credentials.username === "locked") throw new AccountLocked()
    if (credentials.username === "demo" && credentials.password === "demo") {
      return { id: "demo", name: "Demo User", email: "demo@example.com" }
    }
    return null
  },
})

let built: QwikAuthConfig | undefined

export function exampleConfig(env: EnvGetter): QwikAuthConfig {
  if (built) return built
  const offered = signInOptions(env)
  const databasePath = env.get("DATABASE_PATH")
  const providers: QwikAuthConfig["providers"] = [demoCredentials]
  // id "dev-idp": clientId, clientSecret and issuer come from AUTH_DEV_IDP_* through the env defaults.
  if (offered.devIdp) providers.push({ id: "dev-idp", name: "Dev IdP", type: "oidc" } as QwikAuthConfig["providers"][number])
  if (offered.email) {
    providers.push(
      Nodemailer({ server: env.get("EMAIL_SERVER")!, from: env.get("EMAIL_FROM") ?? "Gatehouse example <no-reply@gatehouse.test>" }),
    )
  }
  // Verification, reset and "password changed" mails go through the e-mail provider above.
  if (offered.password) providers.push(Password())
  const freshAge = env.get("SESSION_FRESH_AGE")
  const revocationCheckInterval = env.get("SESSION_REVOCATION_CHECK_INTERVAL")
  built = {
    providers,
    // The home page holds the sign-in forms: a refused sign-in comes back there with ?error=&code=.
    // The example's own Account page: the account endpoints send a browser back there with ?done= or ?error=.
    pages: { signIn: "/", account: "/account/" },
    adapter: databasePath ? SQLiteAdapter(databasePath) : undefined,
    // Optional, and kept in the database: only users who turned TOTP on (on /security/) are asked for a code.
    secondFactor: databasePath ? SecondFactor({ issuer: "Gatehouse Qwik example" }) : undefined,
    // The user's own account under /auth/account (linked sign-ins, the address, deletion): adapter users only.
    account: databasePath ? Account() : undefined,
    session: {
      strategy: sessionStrategy(env),
      ...(freshAge ? { freshAge: Number(freshAge) } : {}),
      ...(revocationCheckInterval ? { revocationCheckInterval: Number(revocationCheckInterval) } : {}),
    },
  }
  return built
}
