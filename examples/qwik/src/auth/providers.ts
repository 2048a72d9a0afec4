import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler"
import { CredentialsSignin } from "@gatehouse/qwik"
import Credentials from "@gatehouse/qwik/providers/credentials"

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

/**
 * The dev OpenID provider joins when its issuer is configured (AUTH_DEV_IDP_ISSUER); client id
 * and secret come from AUTH_DEV_IDP_ID / AUTH_DEV_IDP_SECRET through Gatehouse's env defaults.
 */
export function demoProviders(env: EnvGetter) {
  const providers: any[] = [demoCredentials]
  if (env.get("AUTH_DEV_IDP_ISSUER")) {
    providers.push({ id: "dev-idp", name: "Dev IdP", type: "oidc" })
  }
  return providers
}

/** Which providers the pages offer buttons for. */
export function hasDevIdp(env: EnvGetter): boolean {
  return Boolean(env.get("AUTH_DEV_IDP_ISSUER"))
}
