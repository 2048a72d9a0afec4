import { raw, skipCSRFCheck } from "@gatehouse/core"
import { serverSessionConfig } from "./server-session-config.js"
import type { NextAuthConfig } from "./types.js"

const derived = new WeakMap<NextAuthConfig, NextAuthConfig>()

/**
 * The config for calls made from server actions: `raw` to get cookies and the redirect back as data
 * (and AuthErrors thrown), and no CSRF token since Next itself refuses cross-origin server actions.
 */
export function serverActionConfig(config: NextAuthConfig): NextAuthConfig & { raw: typeof raw } {
  let actionConfig = derived.get(config)
  if (!actionConfig) {
    actionConfig = { ...serverSessionConfig(config), raw, skipCSRFCheck } as NextAuthConfig
    derived.set(config, actionConfig)
  }
  return actionConfig as NextAuthConfig & { raw: typeof raw }
}
