import { NextRequest } from "next/server"
import type { IncomingMessage, ServerResponse } from "node:http"
import { authorizeRequest } from "./authorize-request.js"
import type { ConfigResolver } from "./create-config-resolver.js"
import { sessionForPagesRouter, sessionForServerCode } from "./session.js"
import type { NextAuthResult, RecentAuthenticationOptions, WrappedHandler } from "./types.js"

/** The universal `auth`: picks its job from how it is called (see `NextAuthResult["auth"]`). */
export function createAuth(resolveConfig: ConfigResolver): NextAuthResult["auth"] {
  async function runAsProxy(request: Request, contextOrEvent: unknown, handler?: WrappedHandler) {
    const nextRequest = request instanceof NextRequest ? request : new NextRequest(request)
    const config = await resolveConfig(nextRequest)
    return authorizeRequest(nextRequest, contextOrEvent, config, handler)
  }

  function auth(...args: unknown[]): unknown {
    if (args.length === 0) return sessionForServerCode(resolveConfig)
    if (args.length === 1 && isStepUpOptions(args[0])) return sessionForServerCode(resolveConfig, args[0])

    const [first, second] = args
    if (typeof first === "function") {
      const handler = first as WrappedHandler
      return (request: Request, contextOrEvent: unknown) => runAsProxy(request, contextOrEvent, handler)
    }
    if (first instanceof Request || first instanceof NextRequest) return runAsProxy(first, second)
    if (isNodeRequest(first) && isNodeResponse(second)) return sessionForPagesRouter(resolveConfig, first, second)
    const context = first as { req?: unknown; res?: unknown } | undefined
    if (context && isNodeRequest(context.req) && isNodeResponse(context.res)) {
      return sessionForPagesRouter(resolveConfig, context.req, context.res)
    }
    throw new TypeError(
      "auth() was called with arguments it does not understand. Use auth(), auth({ maxAge, secondFactor }), auth(request), auth(handler), auth(req, res) or auth(context).",
    )
  }
  return auth as NextAuthResult["auth"]
}

/** `auth({ maxAge, secondFactor, callbackUrl })`: a plain object with only step-up options. */
function isStepUpOptions(value: unknown): value is RecentAuthenticationOptions {
  if (typeof value !== "object" || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false
  const keys = Object.keys(value)
  return keys.length > 0 && keys.every((key) => key === "maxAge" || key === "secondFactor" || key === "callbackUrl")
}

function isNodeRequest(value: unknown): value is IncomingMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    "headers" in value &&
    typeof (value as { headers?: unknown }).headers === "object" &&
    !(value instanceof Request)
  )
}

function isNodeResponse(value: unknown): value is ServerResponse {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { setHeader?: unknown }).setHeader === "function" &&
    typeof (value as { getHeader?: unknown }).getHeader === "function"
  )
}
