/*
 * What the example offers, read from the environment. No server-only imports here: the pages
 * import this module too.
 *
 *   AUTH_DEV_IDP_ISSUER, AUTH_DEV_IDP_ID, AUTH_DEV_IDP_SECRET   adds the dev OpenID provider
 *   DATABASE_PATH                    SQLite file: users, accounts and sessions in a database
 *   AUTH_SESSION_STRATEGY            "jwt" or "database" (default: database with DATABASE_PATH)
 *   EMAIL_SERVER, EMAIL_FROM         SMTP URL for e-mail sign-in and password accounts (needs DATABASE_PATH)
 *   SESSION_FRESH_AGE                how recent (seconds) a sign-in must be to turn the second factor off
 *                                    (step-up; default 600)
 *   SESSION_REVOCATION_CHECK_INTERVAL seconds between checks that a JWT session was not revoked (default 60)
 */
import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler"

/** What the sign-in page offers, from the same settings the config is built from. */
export interface SignInOptions {
  credentials: boolean
  devIdp: boolean
  email: boolean
  /** Password accounts: sign-up, verification and reset mails need the database and the SMTP server. */
  password: boolean
}

export function signInOptions(env: EnvGetter): SignInOptions {
  const hasDatabase = Boolean(env.get("DATABASE_PATH"))
  return {
    // Credentials sign-in makes no database session: offered with JWT sessions only.
    credentials: sessionStrategy(env) === "jwt",
    devIdp: Boolean(env.get("AUTH_DEV_IDP_ISSUER")),
    email: hasDatabase && Boolean(env.get("EMAIL_SERVER")),
    password: hasDatabase && Boolean(env.get("EMAIL_SERVER")),
  }
}

export function sessionStrategy(env: EnvGetter): "jwt" | "database" {
  const chosen = env.get("AUTH_SESSION_STRATEGY")
  if (chosen === "jwt" || chosen === "database") return chosen
  return env.get("DATABASE_PATH") ? "database" : "jwt"
}
