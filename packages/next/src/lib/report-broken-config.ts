import { configurationError } from "@gatehouse/core"
import { AuthError } from "@gatehouse/core/errors"
import { serverSessionConfig } from "./server-session-config.js"
import type { NextAuthConfig } from "./types.js"

/**
 * The error to throw when core answered a session read with 500: the config cannot work (no
 * AUTH_SECRET in production, an untrusted host…) and core has logged why. A page calling `auth()`
 * then fails with that same error, as every auth route does, instead of rendering as signed out.
 */
export function brokenConfigError(sessionResponse: Response, config: NextAuthConfig): AuthError | undefined {
  if (sessionResponse.status !== 500) return undefined
  return (
    configurationError(serverSessionConfig(config) as Parameters<typeof configurationError>[0]) ??
    new AuthError("The session could not be read: the auth configuration is broken (see the error logged above)")
  )
}
