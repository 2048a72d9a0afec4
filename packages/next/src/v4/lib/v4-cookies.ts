import type { CookiesOptions } from "@gatehouse/core/types"

/**
 * next-auth 4's names for the cookies that outlive one sign-in: the session (so v4 users stay
 * signed in), the callback URL and the CSRF token. The flow cookies of one sign-in (OAuth state,
 * PKCE verifier, nonce) keep Gatehouse's `__Host-` names: they live minutes, and `__Host-` stops a
 * sibling host from planting them (see core's http/default-cookies.ts).
 */
export function v4CookieNames(secure: boolean): Pick<CookiesOptions, "sessionToken" | "callbackUrl" | "csrfToken"> {
  const prefix = secure ? "__Secure-" : ""
  const hostOnly = secure ? "__Host-" : ""
  return {
    sessionToken: { name: `${prefix}next-auth.session-token`, options: {} as never },
    callbackUrl: { name: `${prefix}next-auth.callback-url`, options: {} as never },
    csrfToken: { name: `${hostOnly}next-auth.csrf-token`, options: {} as never },
  }
}

/** v4's rule: secure cookies when NEXTAUTH_URL is https, else when the request came over https. */
export function usesSecureCookies(explicit: boolean | undefined, requestProtocol: string | undefined): boolean {
  if (explicit !== undefined) return explicit
  const url = process.env.NEXTAUTH_URL
  if (url) return url.startsWith("https://")
  return requestProtocol === "https:" || requestProtocol === "https"
}
