import { configPreparer } from "@gatehouse/core/server"
import type { NextRequest } from "next/server"
import type { NextAuthConfig, NextAuthConfigInit } from "./types.js"

export type ConfigResolver = (request?: NextRequest) => Promise<NextAuthConfig>

/**
 * Turns what the app passed to `NextAuth` into a function giving the finished config, prepared by
 * core's one preparer (configPreparer): the routes live under /api/auth unless the config or AUTH_URL
 * (or NEXTAUTH_URL) names another path, which is how a Next.js `basePath` (e.g.
 * https://host/app/api/auth) is told; then the secret (AUTH_SECRET, NEXTAUTH_SECRET, AUTH_SECRET_1..3),
 * trustHost (true in development, with AUTH_URL/NEXTAUTH_URL, AUTH_TRUST_HOST or a known platform),
 * provider credentials and the warnings (a short secret). The app's object is left alone. A config
 * function is called per request (with no request in server components and actions); whenever it
 * hands back an object it returned before, the same finished copy is reused, so core's per-config
 * caches keep working for memoized lazy configs.
 *
 * @param env the environment (default: process.env, read when a config is first prepared)
 */
export function createConfigResolver(init: NextAuthConfigInit, env?: Record<string, string | undefined>): ConfigResolver {
  const prepare = configPreparer({ defaultBasePath: "/api/auth", env })
  if (typeof init === "function") return async (request) => prepare(await init(request))
  return async () => prepare(init)
}
