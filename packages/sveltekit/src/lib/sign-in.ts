import { redirect, type RequestEvent } from "@sveltejs/kit"
import { Auth } from "@gatehouse/core"
import { findProvider, forwardedHeaders, signInRoute } from "@gatehouse/core/integration"
import type { ResponseInternal } from "@gatehouse/core/types"
import { actionUrl } from "./action-url.js"
import type { PreparedConfig } from "./prepare-config.js"
import { redirectTarget } from "./redirect-target.js"
import type { KitRuntime } from "./types.js"

export type AuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams

export interface SignInOptions {
  /** Where to land after signing in; default: the page the request came from, else "/". */
  redirectTo?: string
  /** @deprecated Use `redirectTo`. */
  callbackUrl?: string
  /** Anything else is posted to the provider: credential fields, the e-mail address… */
  [field: string]: string | undefined
}

/**
 * Signs in on the server, as a browser posting to `/auth/signin/<id>` (or `/auth/callback/<id>`
 * for credentials) would, then redirects (303) where core says: to the provider, to the
 * verify-request page, or back to the app. Without a known provider it redirects to the sign-in
 * page. An AuthError (a failed credentials sign-in among them) is thrown to the caller.
 */
export async function signInOnServer(
  event: RequestEvent,
  provider: string | undefined,
  options: SignInOptions,
  authorizationParams: AuthorizationParams | undefined,
  config: PreparedConfig,
  runtime: KitRuntime,
): Promise<never> {
  const { redirectTo, callbackUrl: legacyCallbackUrl, ...fields } = options
  const callbackUrl = redirectTo ?? legacyCallbackUrl ?? event.request.headers.get("referer") ?? "/"
  const signInPage = actionUrl("signin", event, runtime.env, config.server)

  const found = provider ? findProvider(config.server.providers, provider) : undefined
  if (!found) {
    signInPage.search = new URLSearchParams({ callbackUrl }).toString()
    redirect(303, signInPage.toString())
  }

  const target = actionUrl(signInRoute(found.type), event, runtime.env, config.server)
  target.pathname += `/${encodeURIComponent(found.id)}`
  target.search = new URLSearchParams(authorizationParams).toString()
  const body = new URLSearchParams({ ...definedFields(fields), callbackUrl })
  const request = new Request(target, { method: "POST", headers: forwardedHeaders(event.request.headers), body })

  const response = (await Auth(request, config.server)) as ResponseInternal | Response
  redirect(303, redirectTarget(event, response, actionUrl("error", event, runtime.env, config.server)))
}

function definedFields(fields: Record<string, string | undefined>): Record<string, string> {
  const defined: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) defined[key] = value
  return defined
}
