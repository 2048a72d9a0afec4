import { Auth, createActionURL } from "@gatehouse/core"
import { serverSessionConfig } from "./server-session-config.js"
import type { NextAuthConfig } from "./types.js"

/**
 * Asks core for the session of the request whose headers are given, as `GET {basePath}/session` would.
 * Only the cookie header is forwarded: the session depends on nothing else, and the answer may carry
 * Set-Cookie headers (a refreshed session) for the caller to pass on where it can.
 */
export async function fetchSession(headers: Headers, config: NextAuthConfig, protocol?: string): Promise<Response> {
  const url = createActionURL(
    "session",
    // X-Forwarded-Proto, when the request has one, wins over this fallback (createActionURL reads it).
    protocol ?? "https",
    headers,
    process.env,
    config as Parameters<typeof createActionURL>[4],
  )
  const request = new Request(url, { headers: { cookie: headers.get("cookie") ?? "" } })
  return Auth(request, serverSessionConfig(config) as Parameters<typeof Auth>[1]) as Promise<Response>
}
