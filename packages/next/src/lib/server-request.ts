import { createActionURL } from "@gatehouse/core"
import type { AuthAction } from "@gatehouse/core/types"
import { currentRequestHeaders } from "./current-request-headers.js"
import type { NextAuthConfig } from "./types.js"

/** Headers that describe the original request's body, or would switch core into JSON-redirect mode. */
const notForwarded = ["content-length", "content-type", "transfer-encoding", "x-auth-return-redirect"]

/**
 * What a server action needs to call core on the user's behalf: the action URL (from AUTH_URL, else the
 * request's host) and the user's request headers (cookies, user agent, forwarded-for…) minus those that
 * described the server action's own body.
 */
export async function serverRequestContext(action: AuthAction, config: NextAuthConfig) {
  const incoming = await currentRequestHeaders()
  const forwarded = new Headers(incoming)
  for (const name of notForwarded) forwarded.delete(name)
  const url = createActionURL(
    action,
    incoming.get("x-forwarded-proto") ?? "https",
    forwarded,
    process.env,
    config as Parameters<typeof createActionURL>[4],
  )
  return { url, headers: forwarded, referer: incoming.get("referer") }
}
