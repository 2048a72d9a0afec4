import type { IncomingMessage, ServerResponse } from "node:http"
import { sessionForPagesRouter } from "../lib/pages-router-session.js"
import { v4ConfigResolver } from "./lib/config-resolver.js"
import type { AuthOptions, Session } from "./types.js"

type PagesRouterArgs = [IncomingMessage & { cookies?: unknown }, ServerResponse, AuthOptions]
type AppRouterArgs = [AuthOptions] | []

/**
 * next-auth 4's `getServerSession`: `(req, res, authOptions)` in getServerSideProps and API routes
 * (a renewed session cookie is added to `res`), `(authOptions)` in server components and route
 * handlers. The session the `session` callback shapes, or null.
 */
export async function getServerSession<O extends AuthOptions = AuthOptions, R = Session>(
  ...args: PagesRouterArgs | AppRouterArgs
): Promise<R | null> {
  if (args.length >= 3) {
    const [req, res, options] = args as PagesRouterArgs
    const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted
    const protocol = headerValue(req.headers["x-forwarded-proto"]) ?? (encrypted ? "https" : "http")
    return (await sessionForPagesRouter(v4ConfigResolver(options, protocol), req, res)) as R | null
  }
  const [options] = args as [O]
  if (!options) throw new TypeError("getServerSession() needs your authOptions: getServerSession(authOptions)")
  // Loaded here only: the app router bundles it; the pages router must not load it (see pages-router-session.ts).
  const [{ headers }, { sessionForServerCode }] = await Promise.all([import("next/headers"), import("../lib/session.js")])
  const protocol = headerValue((await headers()).get("x-forwarded-proto") ?? undefined)
  return (await sessionForServerCode(v4ConfigResolver(options, protocol))) as R | null
}

/** next-auth 4.19's name for it, still exported by 4.24. */
export const unstable_getServerSession = getServerSession

function headerValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value
  return first?.split(",")[0]?.trim() || undefined
}
