import type { SecondFactorOperation } from "../second-factor/second-factor-path.js"
import type { AuthAction } from "../primitives.js"

/** What the actions see of a request: parsed once, never the raw `Request`. */
export interface RequestInternal {
  url: URL
  method: "GET" | "POST"
  action: AuthAction
  providerId?: string
  /** `revoke` for `{basePath}/sessions/revoke`; the second-factor endpoints' (second-factor/second-factor-path.ts). */
  operation?: "revoke" | SecondFactorOperation
  headers: Headers
  cookies: Record<string, string>
  query: Record<string, string>
  body?: Record<string, any>
  error?: string
}
