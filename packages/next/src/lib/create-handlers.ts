import { callCore } from "./call-core.js"
import type { NextRequest } from "next/server"
import type { ConfigResolver } from "./create-config-resolver.js"
import { coreRequest } from "./core-request.js"

/** GET and POST for `app/api/auth/[...nextauth]/route.ts`: every auth route, CSRF checks on. */
export function createHandlers(resolveConfig: ConfigResolver) {
  const handle = async (request: NextRequest | Request): Promise<Response> => {
    const config = await resolveConfig(request as NextRequest)
    return callCore(await coreRequest(request), config)
  }
  return { GET: handle, POST: handle }
}
