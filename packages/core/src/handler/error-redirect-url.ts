import type { ResolvedConfig } from "../config/resolve-config.js"
import { AuthError, CredentialsSignin, isClientError } from "../errors.js"
import { appPageUrl } from "../http/callback-url.js"

/**
 * Where a failed flow sends the browser: sign-in errors back to the sign-in page, everything else
 * to the error page, with `?error=<type>` (and CredentialsSignin's `code`); only client-safe error
 * names are shown, anything else reads "Configuration". The handler's answer and the server
 * functions' callers (`failureUrl`) use this one rule.
 */
export function errorRedirectUrl(error: Error, request: { url: URL }, config: Pick<ResolvedConfig, "pages" | "basePath">): string {
  const params = new URLSearchParams({ error: isClientError(error) ? error.type : "Configuration" })
  if (error instanceof CredentialsSignin) params.set("code", error.code)
  const kind = (error instanceof AuthError && error.kind) || "error"
  const page = config.pages[kind] ?? `${config.basePath}/${kind.toLowerCase()}`
  return appPageUrl(page, Object.fromEntries(params), request)
}
