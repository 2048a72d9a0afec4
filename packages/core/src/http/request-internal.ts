import type { AuthAction } from "../primitives.js"

/** What the actions see of a request: parsed once, never the raw `Request`. */
export interface RequestInternal {
  url: URL
  method: "GET" | "POST"
  action: AuthAction
  providerId?: string
  /** `revoke` for `{basePath}/sessions/revoke`. */
  operation?: "revoke"
  headers: Headers
  cookies: Record<string, string>
  query: Record<string, string>
  body?: Record<string, any>
  error?: string
}
