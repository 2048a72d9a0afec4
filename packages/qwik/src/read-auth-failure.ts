import { QWIK_BASE_PATH } from "./set-env-defaults.js"
import type { QwikAuthConfig } from "./types.js"

export interface AuthFailure {
  error: string
  code?: string
}

/**
 * Tells whether a target core handed back is its sign-in or error page with `?error=`: that is
 * how core reports a refused sign-in (e.g. `error=CredentialsSignin&code=credentials`).
 */
export function readAuthFailure(target: string, config: QwikAuthConfig, requestUrl: string): AuthFailure | null {
  let url: URL
  try {
    url = new URL(target, requestUrl)
  } catch {
    return null
  }
  const error = url.searchParams.get("error")
  if (!error || url.origin !== new URL(requestUrl).origin) return null
  const failurePages = [config.pages?.signIn ?? `${QWIK_BASE_PATH}/signin`, config.pages?.error ?? `${QWIK_BASE_PATH}/error`]
  const isFailurePage = failurePages.some((page) => new URL(page, url).pathname === url.pathname)
  if (!isFailurePage) return null
  const code = url.searchParams.get("code")
  return code ? { error, code } : { error }
}
