import type { ServerInput } from "@gatehouse/core/server"
import type { AuthConfig } from "@gatehouse/core/types"

/** The user's request as core's server functions read it: its headers (cookies, host, user agent…) and URL. */
export function serverInput(event: { request: Request }, config: AuthConfig): ServerInput {
  return { config, headers: event.request.headers, url: event.request.url }
}
