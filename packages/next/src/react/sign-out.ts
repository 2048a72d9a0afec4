"use client"
import { authRouteUrl } from "./client-config.js"
import { getCsrfToken } from "./get-csrf-token.js"
import { pageOnThisSite } from "./page-on-this-site.js"
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
  const response = await fetch(authRouteUrl("signout"), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ csrfToken: await getCsrfToken(), callbackUrl: redirectTo }),
    credentials: "same-origin",
  })
  const data: { url?: string } = await response.json().catch(() => ({}))
  announceSessionChange({ trigger: "signout" })
  const url = data.url ?? pageOnThisSite(redirectTo)
  if (redirect) {
    window.location.href = url
    if (url.includes("#")) window.location.reload()
    return undefined
  }
  return { url }
}
