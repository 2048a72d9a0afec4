import type { ServerResponse } from "node:http"
import { callCore } from "../lib/call-core.js"
import { coreRequest } from "../lib/core-request.js"
import { v4ConfigResolver } from "./lib/config-resolver.js"
import { type PagesRequest, sendWebResponse, webRequestOf } from "./lib/node-request.js"
import { asV4Response, asV5Request, routeOf } from "./lib/v4-answers.js"
import type { AuthOptions } from "./types.js"

/**
 * One handler for both routers, as next-auth 4's: `(req, res)` in pages/api, `(request, context)` in
 * app/. Its parameters are `any`, as next-auth 4's are: Next's build checks an app-router route's
 * parameters against its own types (Request, the route context), which the pages router's Node
 * request and response are not.
 */
// biome-ignore lint/suspicious/noExplicitAny: public API kept as next-auth 4's (see above).
export type NextAuthHandler = (req: any, resOrContext?: any) => Promise<any>

/**
 * next-auth 4's `NextAuth`: `NextAuth(options)` gives the route handler for
 * `pages/api/auth/[...nextauth].ts` (`export default NextAuth(authOptions)`) and for
 * `app/api/auth/[...nextauth]/route.ts` (`export { handler as GET, handler as POST }`);
 * `NextAuth(req, res, options)` handles a pages-router request at once. Every flow runs in core.
 */
function NextAuth(options: AuthOptions): NextAuthHandler
function NextAuth(req: PagesRequest, res: ServerResponse, options: AuthOptions): Promise<void>
function NextAuth(...args: [AuthOptions] | [PagesRequest, ServerResponse, AuthOptions]): NextAuthHandler | Promise<void> {
  if (args.length === 3) return handlerOf(args[2])(args[0], args[1])
  return handlerOf(args[0])
}

function handlerOf(options: AuthOptions): NextAuthHandler {
  async function handle(request: Request): Promise<Response> {
    const publicRequest = await coreRequest(request)
    const config = await v4ConfigResolver(options, new URL(publicRequest.url).protocol)()
    const route = routeOf(publicRequest, config.basePath ?? "/api/auth")
    // next-auth 4's client posts its log lines here; Gatehouse's client logs to the console instead.
    if (route === "_log" && request.method === "POST") return new Response(null, { status: 200 })
    const response: Response = await callCore(await asV5Request(publicRequest), config)
    return asV4Response(response, route, request.method)
  }
  return (async (first: Request | PagesRequest, second?: ServerResponse) => {
    if (first instanceof Request) return handle(first)
    await sendWebResponse(await handle(await webRequestOf(first)), second as ServerResponse)
  }) as NextAuthHandler
}

export { NextAuth }
