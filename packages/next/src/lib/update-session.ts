import { Auth } from "@gatehouse/core"
import { reportError, sessionFromBody } from "@gatehouse/core/integration"
import type { Session } from "@gatehouse/core/types"
import type { ConfigResolver } from "./create-config-resolver.js"
import { serverActionConfig } from "./server-action-config.js"
import { serverRequestContext } from "./server-request.js"
import { writeCookies } from "./write-cookies.js"

/**
 * `unstable_update(data)` from server actions and route handlers: runs the `jwt` callback with
 * trigger "update" (or the `session` callback's newSession with database sessions), writes the new session
 * cookie and returns the new session — or null when there is no session to update.
 */
export async function updateSession(resolveConfig: ConfigResolver, data: unknown): Promise<Session | null> {
  const config = await resolveConfig(undefined)
  const context = await serverRequestContext("session", config)
  context.headers.set("content-type", "application/json")
  const request = new Request(context.url, {
    method: "POST",
    headers: context.headers,
    body: JSON.stringify({ data }),
  })
  try {
    const result: any = await Auth(request, serverActionConfig(config) as any)
    await writeCookies(result?.cookies)
    if (result instanceof Response) return null
    return (result?.status ?? 200) < 300 ? sessionFromBody(result?.body) : null
  } catch (error) {
    reportError(config?.logger, error)
    return null
  }
}
