import type { CookiesOptions, ResolvedCookies } from "../primitives.js"

/** Seconds the OAuth check cookies and the WebAuthn challenge cookie live. */
export const checkCookieMaxAge = 15 * 60

/**
 * Auth.js's cookie names and attributes, so that a moved app keeps its users signed in.
 * On https the session cookie gets `__Secure-` and the CSRF cookie `__Host-`.
 */
export function defaultCookies(secure: boolean): ResolvedCookies {
  const prefix = secure ? "__Secure-" : ""
  const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secure }
  return {
    sessionToken: { name: `${prefix}authjs.session-token`, options: base },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options: base },
    csrfToken: { name: `${secure ? "__Host-" : ""}authjs.csrf-token`, options: base },
    pkceCodeVerifier: { name: `${prefix}authjs.pkce.code_verifier`, options: { ...base, maxAge: checkCookieMaxAge } },
    state: { name: `${prefix}authjs.state`, options: { ...base, maxAge: checkCookieMaxAge } },
    nonce: { name: `${prefix}authjs.nonce`, options: base },
    webauthnChallenge: { name: `${prefix}authjs.challenge`, options: { ...base, maxAge: checkCookieMaxAge } },
    signOutState: { name: `${prefix}authjs.signout-state`, options: { ...base, maxAge: checkCookieMaxAge } },
    identityProvider: { name: `${prefix}authjs.idp`, options: base },
  }
}

/** The defaults with the app's partial overrides laid over them, key by key. */
export function resolveCookies(secure: boolean, overrides: Partial<CookiesOptions> | undefined): ResolvedCookies {
  const cookies = defaultCookies(secure)
  if (!overrides) return cookies
  for (const key of Object.keys(cookies) as (keyof ResolvedCookies)[]) {
    const override = overrides[key]
    if (!override) continue
    cookies[key] = {
      name: override.name ?? cookies[key].name,
      options: { ...cookies[key].options, ...override.options },
    }
  }
  return cookies
}
