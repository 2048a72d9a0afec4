import type { AuthAction } from "../shared-types.js"

const actions = new Set<string>([
  "backchannel-logout",
  "providers",
  "session",
  "sessions",
  "csrf",
  "signin",
  "signout",
  "callback",
  "verify-request",
  "error",
  "webauthn-options",
  "reauthenticate",
  "second-factor",
  "password",
  "account",
])

/** Whether `action` names one of the actions served under `basePath`. */
export function isAuthAction(action: string): action is AuthAction {
  return actions.has(action)
}
