import type { AuthConfigInput } from "../handler/auth.js"
import { parseRequest } from "../http/parse-request.js"
import { pinToPublicOrigin } from "../http/public-origin.js"
import type { InternalOptions } from "./internal-options.js"
import { requestOptions } from "./request-options.js"
import { resolveConfig } from "./resolve-config.js"
import { configErrorForRequest } from "./untrusted-host.js"

/**
 * The options of a read that server code makes on the user's behalf (getAccessToken, listSessions,
 * revokeSessions), and the request's cookies: the user's request read as the auth route
 * `{basePath}/<action>` would read it on the same origin, so with the same cookie names, AUTH_URL's
 * pinned origin and, in production, its refusal of a foreign host (UntrustedHost, thrown). Throws
 * the config's error for a broken config.
 */
export async function serverRequestOptions(
  request: Request,
  configInput: AuthConfigInput,
  action: "session" | "sessions",
): Promise<{ options: InternalOptions; cookies: Record<string, string> }> {
  const config = resolveConfig(typeof configInput === "function" ? await configInput(request) : configInput)
  if (config.configError) throw configErrorForRequest(config.configError, request.url)
  const internal = await parseRequest(
    new Request(new URL(`${config.basePath}/${action}`, request.url), { headers: request.headers }),
    config.basePath,
  )
  if (config.publicOrigin) {
    const pinned = pinToPublicOrigin(internal, config.publicOrigin, config.refuseForeignHosts)
    if (pinned instanceof Error) throw pinned
    internal.url = pinned
  }
  const { options } = await requestOptions(internal, config)
  return { options, cookies: internal.cookies }
}
