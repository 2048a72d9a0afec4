import type { QRL } from "@builder.io/qwik"
import type { RequestEventCommon } from "@builder.io/qwik-city"
import { setEnvDefaults } from "./set-env-defaults.js"
import type { QwikAuthConfig } from "./types.js"

export type AuthOptionsQrl = QRL<(event: RequestEventCommon) => QwikAuthConfig | Promise<QwikAuthConfig>>

/** Configs already filled from the environment: an app that returns the same object each time pays once. */
const defaulted = new WeakSet<QwikAuthConfig>()

/**
 * Runs the app's config function for this request and fills the result from the environment.
 * The object is filled in place, so an app that hands back one object keeps its identity and
 * core's per-config cache keeps working.
 */
export async function resolveConfig(authOptions: AuthOptionsQrl, event: RequestEventCommon): Promise<QwikAuthConfig> {
  const config = await authOptions(event)
  if (!config || typeof config !== "object" || !Array.isArray(config.providers)) {
    throw new TypeError("QwikAuth$: the config function must return an object with a `providers` array")
  }
  if (!defaulted.has(config)) {
    setEnvDefaults(event.env, config)
    defaulted.add(config)
  }
  return config
}
