"use client"
import { navigate, pageOnThisSite, postAuthForm } from "@gatehouse/core/client"
import { authRouteUrl } from "./client-config.js"
import { getCsrfToken } from "./get-csrf-token.js"
import { announceSessionChange } from "./session-events.js"

/** Options of the browser's `signOut(options)`: where to land and whether to follow the redirect. */
export interface ClientSignOutOptions {
  redirectTo?: string
  /** @deprecated next-auth v4 name of redirectTo */
  callbackUrl?: string
  redirect?: boolean
}

/** Client-side sign-out: ends the session, tells the other tabs, then navigates (or returns `{ url }`). */
export async function signOut(options: ClientSignOutOptions = {}): Promise<{ url: string } | undefined> {
  const { redirect = true } = options
  const redirectTo = options.redirectTo ?? options.callbackUrl ?? window.location.href
  const answer = await postAuthForm(authRouteUrl("signout"), { csrfToken: await getCsrfToken(), callbackUrl: redirectTo })
  announceSessionChange({ trigger: "signout" })
  const url = answer.url ?? pageOnThisSite(redirectTo)
  if (redirect) {
    navigate(url)
    return undefined
  }
  return { url }
}
