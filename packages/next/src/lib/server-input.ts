/**
 * What every server-side call of @gatehouse/next hands `@gatehouse/core/server`: the user's request
 * headers (a next-auth 4 session cookie adopted, see adopt-v4-session-cookie.ts), where the auth
 * routes answer (AUTH_URL, else the request's forwarded or plain host), and the server's view of the
 * config (serverSessionConfig). No next/headers here: the pages router and the proxy use it too.
 */
import { createActionURL } from "@gatehouse/core"
import type { ServerInput } from "@gatehouse/core/server"
import type { AuthAction, Cookie } from "@gatehouse/core/types"
import { adoptV4Cookie } from "./adopt-v4-session-cookie.js"
import { serverSessionConfig } from "./server-session-config.js"
import type { NextAuthConfig } from "./types.js"

export interface NextServerInput {
  input: ServerInput
  /** The action's URL at the public origin. */
  url: URL
  /** Core's cookies plus what adopting a next-auth 4 cookie adds (the v5 cookie, the v4 deletions). */
  finish(cookies: Cookie[]): Cookie[]
}

/**
 * @param headers the user's request headers: where the request was addressed (Host, X-Forwarded-*)
 * @param protocol the request's scheme when X-Forwarded-Proto does not say (default https)
 * @param forCore the headers core is to see (default: all of them)
 */
export async function nextServerInput(
  action: AuthAction,
  headers: Headers,
  config: NextAuthConfig,
  protocol = "https",
  forCore = headers,
): Promise<NextServerInput> {
  // X-Forwarded-Proto, when the request has one, wins over the fallback (createActionURL reads it).
  const url = createActionURL(action, protocol, headers, process.env, config as Parameters<typeof createActionURL>[4])
  const adoption = await adoptV4Cookie(forCore, url, config)
  return {
    input: { config: serverSessionConfig(config), headers: adoption?.headers ?? forCore, url },
    url,
    finish: adoption ? adoption.finish : (cookies) => cookies,
  }
}
