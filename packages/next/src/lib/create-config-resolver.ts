import type { NextRequest } from "next/server"
import { applyNextEnvDefaults } from "./apply-next-env-defaults.js"
import type { NextAuthConfig, NextAuthConfigInit } from "./types.js"

export type ConfigResolver = (request?: NextRequest) => Promise<NextAuthConfig>

/**
 * Turns what the app passed to `NextAuth` into a function giving the finished config (env defaults
 * applied to a copy; the app's object is left alone). A config function is called per request (with no
 * request in server components and actions); whenever it hands back an object it returned before, the
 * same finished copy is reused, so core's per-config caches keep working for memoized lazy configs.
 */
export function createConfigResolver(init: NextAuthConfigInit): ConfigResolver {
  const finished = new WeakMap<NextAuthConfig, NextAuthConfig>()
  const finish = (config: NextAuthConfig): NextAuthConfig => {
    let result = finished.get(config)
    if (!result) {
      result = { ...config }
      applyNextEnvDefaults(result)
      finished.set(config, result)
    }
    return result
  }
  if (typeof init === "function") return async (request) => finish(await init(request))
  return async () => finish(init)
}
