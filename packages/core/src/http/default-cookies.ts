import type { CookiesOptions, ResolvedCookies } from "../shared-types.js"

/** Seconds the OAuth check cookies and the WebAuthn challenge cookie live. */
export const checkCookieMaxAge = 15 * 60

/**
 * Auth.js's cookie names and attributes, so that a moved app keeps its users signed in.
 * On https the session cookie gets `__Secure-`; the CSRF cookie and the flow-binding cookies
 * (OAuth state, PKCE verifier and nonce, passkey challenge, sign-out state) get `__Host-`.
 *
 * Unlike Auth.js (`__Secure-` there), the flow-binding cookies are `__Host-`: a page on a sibling
 * host of the same site can set `__Secure-` cookies for the whole domain, and so plant the check
 * cookies of a flow the attacker started; the victim's browser then finishes the attacker's sign-in
 * and links the attacker's account to the victim. Browsers refuse a `__Host-` cookie set with a
 * Domain. These cookies live minutes, so their names are free to differ from Auth.js's.
 */
export function defaultCookies(secure: boolean): ResolvedCookies {
  const prefix = secure ? "__Secure-" : ""
  const hostOnly = secure ? "__Host-" : ""
  const base = { httpOnly: true, sameSite: "lax" as const, path: "/", secure }
  const check = { ...base, maxAge: checkCookieMaxAge }
  return {
    sessionToken: { name: `${prefix}authjs.session-token`, options: base },
    callbackUrl: { name: `${prefix}authjs.callback-url`, options: base },
    csrfToken: { name: `${hostOnly}authjs.csrf-token`, options: base },
    pkceCodeVerifier: { name: `${hostOnly}authjs.pkce.code_verifier`, options: check },
    state: { name: `${hostOnly}authjs.state`, options: check },
    nonce: { name: `${hostOnly}authjs.nonce`, options: base },
    webauthnChallenge: { name: `${hostOnly}authjs.challenge`, options: check },
    signOutState: { name: `${hostOnly}authjs.signout-state`, options: check },
    identityProvider: { name: `${prefix}authjs.idp`, options: base },
    stepUp: { name: `${hostOnly}authjs.step-up`, options: check },
    pendingSignIn: { name: `${hostOnly}authjs.pending-sign-in`, options: check },
  }
}

/** The defaults with the app's partial overrides laid over them, key by key. */
export function resolveCookies(secure: boolean, overrides: Partial<CookiesOptions> | undefined): ResolvedCookies {
  const cookies = defaultCookies(secure)
  if (!overrides) return cookies
  for (const key of Object.keys(cookies) as (keyof ResolvedCookies)[]) {
    const override = overrides[key]
    if (!override) continue
    const options = { ...cookies[key].options, ...override.options }
    // A `__Host-` cookie with a Domain or another Path is refused by browsers: the default name falls back to `__Secure-`.
    const hostOnlyPossible = !options.domain && options.path === "/"
    const name = override.name ?? (hostOnlyPossible ? cookies[key].name : cookies[key].name.replace(/^__Host-/, "__Secure-"))
    cookies[key] = { name, options }
  }
  return cookies
}
