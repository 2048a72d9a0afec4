import type { QRL } from "@builder.io/qwik"
import type { RequestEventCommon } from "@builder.io/qwik-city"
import { configPreparer } from "@gatehouse/core/server"
import { envRecord } from "./env-record.js"
import { QWIK_BASE_PATH } from "./set-env-defaults.js"
import type { QwikAuthConfig } from "./types.js"

export type AuthOptionsQrl = QRL<(event: RequestEventCommon) => QwikAuthConfig | Promise<QwikAuthConfig>>

/** Core's one config preparer; the platform environment comes with each request. */
const prepare = configPreparer({ basePath: QWIK_BASE_PATH, skipCSRFCheck: true })

/**
 * Runs the app's config function for this request and returns its config prepared by core's
 * `configPreparer`: basePath `/auth` (the only one the request hook serves), core's CSRF token
 * skipped (Qwik City checks the origin of action posts, and the request hook refuses cross-origin
 * posts to `/auth/*` with core's rule), the environment read through Qwik's `event.env` so it works
 * on every Qwik City adapter. The app's object is left as it wrote it: each object is prepared once,
 * so core's per-config cache keeps working.
 */
export async function resolveConfig(authOptions: AuthOptionsQrl, event: RequestEventCommon): Promise<QwikAuthConfig> {
  const config = await authOptions(event)
  if (!config || typeof config !== "object" || !Array.isArray(config.providers)) {
    throw new TypeError("QwikAuth$: the config function must return an object with a `providers` array")
  }
  return prepare(config, envRecord(event.env))
}
