import type { Session } from "@gatehouse/core/types"
import type { NextAuthConfig } from "./types.js"

type SessionCallbackParams = Parameters<NonNullable<NonNullable<NextAuthConfig["callbacks"]>["session"]>>[0]

const derived = new WeakMap<NextAuthConfig, NextAuthConfig>()

/**
 * The config used when the server reads the session for itself (`auth()`, the proxy, server actions).
 * Server code gets the user record as well as what the `session` callback exposes to the browser:
 * `{ user: <database user, or the JWT's claims>, ...callbackResult }`, so the callback's own `user` wins.
 * Unlike next-auth, the database session's `sessionToken` is always removed (even from a callback's result
 * that kept it): a server component that hands the session to a client component would otherwise print the
 * HttpOnly cookie's value into the page.
 * Derived once per config object so core's per-config cache keeps working.
 */
export function serverSessionConfig(config: NextAuthConfig): NextAuthConfig {
  let serverConfig = derived.get(config)
  if (!serverConfig) {
    const userSessionCallback = config.callbacks?.session
    serverConfig = {
      ...config,
      callbacks: {
        ...config.callbacks,
        async session(params: SessionCallbackParams) {
          const fromCallback = userSessionCallback ? await userSessionCallback(params) : undefined
          const session = fromCallback ?? { ...params.session, expires: isoDate(params.session?.expires) }
          return withoutSessionToken({ user: params.user ?? params.token, ...session })
        },
      },
    }
    derived.set(config, serverConfig)
  }
  return serverConfig
}

function isoDate(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value
}

function withoutSessionToken(session: Record<string, unknown>): Session {
  const { sessionToken: _hidden, ...rest } = session
  // The answer core sends as JSON: the callback's session, or the session with the user (or token) at `user`.
  return rest as unknown as Session
}
