import { Auth } from "@gatehouse/core"
import type { NextRequest } from "next/server.js"
import type { ConfigResolver } from "./create-config-resolver.js"
import { withEnvUrl } from "./with-env-url.js"

/** GET and POST for `app/api/auth/[...nextauth]/route.ts`: every auth route, CSRF checks on. */
export function createHandlers(resolveConfig: ConfigResolver) {
  const handle = async (request: NextRequest | Request): Promise<Response> => {
    const publicRequest = await withEnvUrl(request)
    const config = await resolveConfig(publicRequest)
    return Auth(publicRequest, config as Parameters<typeof Auth>[1]) as Promise<Response>
  }
  return { GET: handle, POST: handle }
}
