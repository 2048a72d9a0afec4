import { NextResponse } from "next/server"
import type { NextAuthConfig } from "./types.js"

/**
 * Where a denied request goes: the sign-in page (`pages.signIn`, else `{basePath}/signin`) with the full
 * current URL as callbackUrl. Returns null when the request already is for the sign-in page, so a callback
 * that also denies that page cannot send the browser round in circles.
 */
export function redirectToSignIn(currentUrl: URL, config: NextAuthConfig): Response | null {
  const signInPath = config.pages?.signIn ?? `${config.basePath}/signin`
  const target = new URL(signInPath, currentUrl.origin)
  if (currentUrl.pathname === target.pathname) return null
  target.searchParams.set("callbackUrl", currentUrl.href)
  return NextResponse.redirect(target)
}
