import type { AccountPath } from "./account-path.js"
import type { SecondFactorOperation } from "./second-factor-path.js"
import type { AuthAction } from "../shared-types.js"

export type RequestOperation = "revoke" | PasswordOperation | SecondFactorOperation | AccountPath

/** The pages and forms under `{basePath}/password/`. */
export type PasswordOperation = "forgot" | "reset" | "change" | "signup" | "verify"

/** What the actions see of a request: parsed once, never the raw `Request`. */
export interface RequestInternal {
  url: URL
  method: "GET" | "POST"
  action: AuthAction
  providerId?: string
  /**
   * `revoke` for `{basePath}/sessions/revoke`; `forgot`, `reset`, `change`, `signup` for
   * `{basePath}/password/<operation>`; the second-factor endpoints' (second-factor/second-factor-path.ts).
   */
  operation?: RequestOperation
  headers: Headers
  cookies: Record<string, string>
  query: Record<string, string>
  body?: Record<string, unknown>
  error?: string
}
