import { NextResponse } from "next/server.js"
import type { NextRequest } from "next/server.js"
import type { NextAuthConfig } from "./types.js"

/**
 * Where a denied request goes: the sign-in page (`pages.signIn`, else `{basePath}/signin`) with the full
 * current URL as callbackUrl. Returns null when the request already is for the sign-in page, so a callback
 * that also denies that page cannot send the browser round in circles.
 */
export function redirectToSignIn(request: NextRequest, config: NextAuthConfig): Response | null {
  const signInPath = config.pages?.signIn ?? `${config.basePath}/signin`
  const current = new URL(request.url)
  const target = new URL(signInPath, current.origin)
  if (current.pathname === target.pathname) return null
  target.searchParams.set("callbackUrl", request.nextUrl?.href ?? request.url)
  return NextResponse.redirect(target)
}
