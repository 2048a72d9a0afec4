import { forwardedOrigin } from "../http/forwarded-headers.js"
import { createLogger } from "./logger.js"
import type { AuthConfig, LoggerInstance } from "../types.js"
import type { AuthAction } from "../shared-types.js"

/**
 * The absolute URL of an action, for integrations that call `Auth` themselves: from AUTH_URL
 * (or NEXTAUTH_URL) when set, else from the request's forwarded or plain host.
 */
export function createActionURL(
  action: AuthAction,
  protocol: string,
  headers: Headers,
  envObject: Record<string, string | undefined>,
  config: Pick<AuthConfig, "basePath" | "logger">,
): URL {
  const basePath = config.basePath
  const envUrl = envObject?.AUTH_URL ?? envObject?.NEXTAUTH_URL
  let url: URL
  if (envUrl) {
    url = new URL(envUrl)
    if (basePath && basePath !== "/" && url.pathname !== "/") {
      if (url.pathname !== basePath) createLogger(config.logger, false).warn("env-url-basepath-mismatch")
      url.pathname = "/"
    }
  } else {
    const origin = forwardedOrigin(headers, protocol)
    if (!origin)
      throw new TypeError("createActionURL: the request names no usable host (Host or X-Forwarded-Host), and AUTH_URL is not set")
    url = new URL(origin)
  }
  const origin = url.toString().replace(/\/$/, "")
  const base = basePath?.replace(/(^\/|\/$)/g, "")
  return new URL(base ? `${origin}/${base}/${action}` : `${origin}/${action}`)
}
