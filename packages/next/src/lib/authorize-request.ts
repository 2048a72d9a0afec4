import { NextResponse } from "next/server"
import type { NextRequest } from "next/server"
import { markPrivate, reportError } from "@gatehouse/core/integration"
import { serializeCookie } from "@gatehouse/core/server"
import type { Cookie } from "@gatehouse/core/types"
import { readSession } from "./pages-router-session.js"
import { publicUrl } from "./public-url.js"
import { redirectToSignIn } from "./redirect-to-sign-in.js"
import { trackSessionCookieWrites } from "./session-cookie-writes.js"
import type { NextAuthConfig, NextAuthRequest, WrappedHandler } from "./types.js"

/**
 * The proxy (middleware) and the `auth(handler)` wrapper: read the session, ask `authorized`, then
 * - a Response from `authorized` is the answer;
 * - a falsy answer redirects to sign-in — and, unlike next-auth, a wrapped handler does NOT run;
 * - otherwise the wrapped handler runs with `req.auth` (or the request simply goes on).
 * Cookies refreshed by the session read are added to whatever answer goes out, which keeps the session alive;
 * that answer, or one whose handler wrote a session cookie (signIn, signOut, unstable_update…), is made
 * private whatever the app said about caching (core's markPrivate): `NextResponse.next()` on a static or
 * ISR page, or a route handler answering `public, s-maxage=…`, would otherwise let a shared cache hand
 * this visitor's session cookie to the next.
 */
export async function authorizeRequest(
  request: NextRequest,
  contextOrEvent: unknown,
  config: NextAuthConfig,
  handler?: WrappedHandler,
): Promise<Response> {
  let readCookies: Cookie[] = []
  let session = null
  try {
    const read = await readSession(request.headers, config, request.nextUrl.protocol)
    session = read.value
    readCookies = read.cookies
  } catch (error) {
    reportError(config?.logger, error)
  }

  const authorized = config.callbacks?.authorized
  const decision = authorized ? await authorized({ request, auth: session }) : true

  let response: Response
  let handlerWroteCookies = false
  if (decision instanceof Response) {
    response = decision
  } else if (!decision) {
    response = redirectToSignIn(publicUrl(request), config) ?? NextResponse.next()
  } else if (handler) {
    const withAuth = request as NextAuthRequest
    withAuth.auth = session
    const { result, written } = await trackSessionCookieWrites(() => handler(withAuth, contextOrEvent))
    response = result ?? NextResponse.next()
    handlerWroteCookies = written
  } else {
    response = NextResponse.next()
  }
  return withSessionCookies(response, mayChangeSession(request) ? [] : readCookies.map(serializeCookie), handlerWroteCookies)
}

/**
 * A request that may itself sign in, sign out or update the session: a server action, a route
 * handler's POST. The read's cookies (a renewal, or a clear) are not written on it: Next merges the
 * proxy's cookies over those the action or handler sets, so a renewal written here would undo a
 * sign-out made in that same request (and a clear, a sign-in). The next GET renews instead.
 */
function mayChangeSession(request: Request): boolean {
  return request.method !== "GET" && request.method !== "HEAD"
}

function withSessionCookies(response: Response, setCookies: string[], handlerWroteCookies: boolean): Response {
  if (setCookies.length === 0 && !handlerWroteCookies) return response
  // Responses made by Response.redirect()/Response.json() have read-only headers: copy into a fresh one.
  const outgoing = new Response(response.body, response)
  for (const cookie of setCookies) outgoing.headers.append("set-cookie", cookie)
  markPrivate(outgoing.headers)
  return outgoing
}
