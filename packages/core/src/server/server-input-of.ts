import type { AuthConfigInput } from "../handler/auth.js"
import type { ServerInput } from "./server-input.js"

/**
 * The server input of core's older Request-taking functions (`getAccessToken(request, …)`,
 * `listSessions`, `revokeSessions`, `requireRecentAuthentication`): the request's headers and URL,
 * and the config, or what the config function returns for this request.
 */
export async function serverInputOf(request: Request, config: AuthConfigInput): Promise<ServerInput> {
  const resolved = typeof config === "function" ? await config(request) : config
  return { config: resolved, headers: request.headers, url: request.url }
}
