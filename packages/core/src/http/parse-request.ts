import { UnknownAction } from "../errors.js"
import type { AuthAction } from "../shared-types.js"
import { isAuthAction } from "./is-auth-action.js"
import { secondFactorOperation } from "./second-factor-path.js"
import { parseCookieHeader } from "./parse-cookie-header.js"
import { readBody } from "./read-body.js"
import type { PasswordOperation, RequestInternal, RequestOperation } from "./request-internal.js"

const passwordOperations = new Set<string>(["forgot", "reset", "change", "signup", "verify"])

const actionsWithProvider = new Set<AuthAction>(["signin", "callback", "webauthn-options", "backchannel-logout"])

/**
 * `Request` → what the actions need. Throws UnknownAction for anything that is not one of
 * Auth.js's method, action and provider shapes, which the handler answers with 400. Synchronous
 * (throwing synchronously) unless there is a body to read: the handler then awaits nothing for a GET.
 */
export function parseRequest(request: Request, basePath: string): RequestInternal | Promise<RequestInternal> {
  const method = request.method
  if (method !== "GET" && method !== "POST") throw new UnknownAction(`Unsupported HTTP method: ${method}`)
  const url = new URL(request.url)
  const { action, providerId, operation } = parseActionPath(url.pathname, basePath)
  // Most requests carry no query string: skip making a URLSearchParams for nothing.
  const query: Record<string, string> = url.search === "" ? {} : Object.fromEntries(url.searchParams)
  const parsed: RequestInternal = {
    url,
    method,
    action,
    providerId,
    ...(operation ? { operation } : {}),
    headers: request.headers,
    cookies: parseCookieHeader(request.headers.get("cookie")),
    query,
    body: undefined,
    error: query.error,
  }
  if (method !== "POST") return parsed
  return readBody(request).then((body) => {
    parsed.body = body
    return parsed
  })
}

/**
 * `{basePath}/<action>[/<providerId>]`, `{basePath}/signout/callback/<providerId>` (where a
 * provider sends the browser back after a federated sign-out) and `{basePath}/sessions/revoke`;
 * trailing slashes tolerated, nothing else.
 */
export function parseActionPath(
  pathname: string,
  basePath: string,
): { action: AuthAction; providerId?: string; operation?: RequestOperation } {
  const base = basePath.endsWith("/") ? basePath.slice(0, -1) : basePath
  if (!pathname.startsWith(`${base}/`)) throw new UnknownAction(`Cannot parse action at ${pathname}`)
  const segments = pathname.slice(base.length + 1).split("/")
  // Trailing slashes are fine; an empty segment anywhere else (`//x`) is a different path.
  while (segments.length > 1 && segments[segments.length - 1] === "") segments.pop()
  if (segments.includes("")) throw new UnknownAction(`Cannot parse action at ${pathname}`)
  if (segments.length === 3 && segments[0] === "signout" && segments[1] === "callback") {
    return { action: "signout", providerId: segments[2] }
  }
  if (segments.length === 2 && segments[0] === "sessions" && segments[1] === "revoke") {
    return { action: "sessions", operation: "revoke" }
  }
  const secondFactor = secondFactorOperation(segments)
  if (secondFactor) return { action: "second-factor", operation: secondFactor }
  // The account endpoints name their operations themselves (account/account-path.ts), in code apps without them never load.
  if (segments[0] === "account" && segments.length <= 3) {
    const link = segments[1] === "link" && segments.length === 3
    return {
      action: "account",
      operation: `account:${link ? "link" : segments.slice(1).join("/")}`,
      providerId: link ? segments[2] : undefined,
    }
  }
  if (segments.length === 2 && segments[0] === "password" && passwordOperations.has(segments[1]!)) {
    return { action: "password", operation: segments[1] as PasswordOperation }
  }
  if (segments.length > 2) throw new UnknownAction(`Cannot parse action at ${pathname}`)
  const [action, providerId] = segments
  if (!isAuthAction(action)) throw new UnknownAction(`Cannot parse action at ${pathname}`)
  if (providerId !== undefined && !actionsWithProvider.has(action)) {
    throw new UnknownAction(`Cannot parse action at ${pathname}`)
  }
  return { action, providerId: providerId === "undefined" ? undefined : providerId }
}
