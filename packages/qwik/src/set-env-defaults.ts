import { setEnvDefaults as coreSetEnvDefaults, skipCSRFCheck } from "@gatehouse/core"
import type { AuthConfig } from "@gatehouse/core/types"
import { isServer } from "@builder.io/qwik/build"
import type { EnvGetter } from "@builder.io/qwik-city/middleware/request-handler"
import type { QwikAuthConfig } from "./types.js"
import { envRecord } from "./env-record.js"

/** The only base path the Qwik integration serves: its request hook answers `/auth/*`. */
export const QWIK_BASE_PATH = "/auth"

/**
 * Fills a config from the platform environment, as `@auth/qwik` does, with core's rules (the same as
 * every other integration: `AUTH_TRUST_HOST=false` means false), read through Qwik's `event.env` so it
 * works on every Qwik City adapter (Node, edge, serverless). Mutates `config` as upstream does; the
 * provider objects in it are replaced by filled copies, never changed.
 *
 * basePath is forced to `/auth`, and so is skipCSRFCheck: actions are protected by Qwik City's own
 * origin check, and the request hook applies the same check to form posts under `/auth` (which Qwik
 * does not cover).
 */
export function setEnvDefaults(env: EnvGetter, config: QwikAuthConfig): void {
  if (!isServer) return
  config.basePath = QWIK_BASE_PATH
  config.skipCSRFCheck = skipCSRFCheck
  // The base path is fixed, so AUTH_URL's path has nothing to decide and nothing to warn about.
  coreSetEnvDefaults(envRecord(env), config as AuthConfig, true)
}
