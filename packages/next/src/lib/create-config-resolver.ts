import type { NextRequest } from "next/server"
import { applyNextEnvDefaults } from "./apply-next-env-defaults.js"
import type { NextAuthConfig, NextAuthConfigInit } from "./types.js"

export type ConfigResolver = (request?: NextRequest) => Promise<NextAuthConfig>

/**
 * Turns what the app passed to `NextAuth` into a function giving the finished config.
 * An object is finished once and then reused, so core can cache its resolution per object;
 * a function is called per request (with no request in server components and actions).
 */
export function createConfigResolver(init: NextAuthConfigInit): ConfigResolver {
  if (typeof init === "function") {
    return async (request) => {
      const config = { ...(await init(request)) }
      applyNextEnvDefaults(config)
      return config
    }
  }
  let finished: NextAuthConfig | undefined
  return async () => {
    if (!finished) {
      const config = { ...init }
      applyNextEnvDefaults(config)
      finished = config
    }
    return finished
  }
}
