import type { QRL } from "@builder.io/qwik"
import type { RequestEventCommon } from "@builder.io/qwik-city"
import { warnIfSecretIsShort } from "@gatehouse/core/integration"
import { setEnvDefaults } from "./set-env-defaults.js"
import type { QwikAuthConfig } from "./types.js"

export type AuthOptionsQrl = QRL<(event: RequestEventCommon) => QwikAuthConfig | Promise<QwikAuthConfig>>

/** The filled copy of each config object the app handed back. */
const filled = new WeakMap<QwikAuthConfig, QwikAuthConfig>()

/**
 * Runs the app's config function for this request and returns its config filled from the environment.
 * The app's object is left as it wrote it: the filling goes into a copy made once per object, so an app
 * that hands back one object pays once and core's per-config cache keeps working.
 */
export async function resolveConfig(authOptions: AuthOptionsQrl, event: RequestEventCommon): Promise<QwikAuthConfig> {
  const config = await authOptions(event)
  if (!config || typeof config !== "object" || !Array.isArray(config.providers)) {
    throw new TypeError("QwikAuth$: the config function must return an object with a `providers` array")
  }
  let result = filled.get(config)
  if (!result) {
    result = { ...config }
    setEnvDefaults(event.env, result)
    warnIfSecretIsShort(result)
    filled.set(config, result)
  }
  return result
}
