import { createConfigResolver, type ConfigResolver } from "../../lib/create-config-resolver.js"
import type { NextAuthConfig } from "../../lib/types.js"
import type { AuthOptions } from "../types.js"
import { coreConfigOf } from "./core-config.js"

const resolvers = new WeakMap<AuthOptions, Map<string, ConfigResolver>>()

/**
 * The finished core config of a v4 options object (env defaults applied), one per options object
 * and cookie security, so that every call of `getServerSession(authOptions)` shares core's caches.
 * `protocol` is the request's ("https"/"http"), where known: it decides secure cookie names when
 * neither `useSecureCookies` nor NEXTAUTH_URL do.
 */
export function v4Config(options: AuthOptions, protocol?: string): Promise<NextAuthConfig> {
  return v4ConfigResolver(options, protocol)()
}

export function v4ConfigResolver(options: AuthOptions, protocol?: string): ConfigResolver {
  let byProtocol = resolvers.get(options)
  if (!byProtocol) {
    byProtocol = new Map()
    resolvers.set(options, byProtocol)
  }
  const key = protocol?.replace(/:$/, "") ?? ""
  let resolver = byProtocol.get(key)
  if (!resolver) {
    resolver = createConfigResolver(coreConfigOf(options, key || undefined))
    byProtocol.set(key, resolver)
  }
  return resolver
}
