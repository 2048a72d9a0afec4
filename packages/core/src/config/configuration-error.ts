import { AuthError } from "../errors.js"
import type { AuthConfig } from "../types.js"
import { resolveConfig } from "./resolve-config.js"

/**
 * Why `config` cannot work — the error every request to it is answered with (a missing secret, an
 * untrusted host, a broken provider…) — or undefined when it can. For an integration's own entry
 * points, such as `auth()` in a page, which must report that error rather than read "signed out".
 * Worked out once per config object, like the handler's own check.
 */
export function configurationError(config: AuthConfig): AuthError | undefined {
  try {
    return resolveConfig(config).configError
  } catch (error) {
    return new AuthError("The configuration could not be read", error as Error)
  }
}
