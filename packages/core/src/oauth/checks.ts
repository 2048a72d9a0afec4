/**
 * The PKCE, state and nonce checks and their cookies.
 *
 * Each check cookie is a JWE (the session token codec) whose key is derived with the cookie's own
 * name as salt, so it can never be read as a session token (or as another kind of check), and
 * whose payload names the provider that minted it, so a check begun with provider A cannot
 * satisfy provider B's callback.
 */
import * as oauth from "oauth4webapi"
import type { InternalOptions, OAuthCheck } from "../providers/types.js"
import { InvalidCheck } from "../errors.js"
import { checkCookieMaxAge } from "../http/default-cookies.js"
import { decode } from "../jwt/decode.js"
import { encode } from "../jwt/encode.js"
import type { Cookie, CookieOption } from "../shared-types.js"

type OAuthOptions = InternalOptions<"oauth" | "oidc">
type CheckCookieKey = "pkceCodeVerifier" | "state" | "nonce" | "signOutState"

const checkNames: Record<CheckCookieKey, string> = {
  pkceCodeVerifier: "PKCE code_verifier",
  state: "state",
  nonce: "nonce",
  signOutState: "sign-out state",
}

/** Salt of the `state` parameter's own JWE (not a cookie, so not a cookie name). */
const stateParamSalt = "encodedState"

interface CheckCookiePayload {
  value: string
  provider: string
  /** Where a federated sign-out lands once the provider sends the browser back. */
  redirectTo?: string
}

/** What the `state` parameter carries: a random value, and where a redirect proxy must send the callback. */
export interface StatePayload {
  random: string
  origin?: string
}

function secretOf(options: OAuthOptions): string | string[] {
  return options.jwt?.secret ?? options.secret
}

function isFormPost(options: OAuthOptions): boolean {
  return options.provider.authorization?.url.searchParams.get("response_mode") === "form_post"
}

/**
 * The cookie's attributes: 15 minutes, and for `form_post` providers the state and nonce cookies
 * must ride along on the provider's cross-site POST, which only `SameSite=None; Secure` allows.
 */
function checkCookieAttributes(key: CheckCookieKey, options: OAuthOptions): CookieOption["options"] {
  const { expires: _expires, ...base } = options.cookies[key].options
  const crossSitePost = isFormPost(options) && (key === "state" || key === "nonce")
  return { ...base, ...(crossSitePost ? { sameSite: "none" as const, secure: true } : {}) }
}

function checkCookieOptions(key: CheckCookieKey, options: OAuthOptions): CookieOption["options"] {
  return { ...checkCookieAttributes(key, options), expires: new Date(Date.now() + checkCookieMaxAge * 1000) }
}

async function mintCheckCookie(key: CheckCookieKey, value: string, options: OAuthOptions, redirectTo?: string): Promise<Cookie> {
  const { name } = options.cookies[key]
  const payload: CheckCookiePayload = { value, provider: options.provider.id, ...(redirectTo ? { redirectTo } : {}) }
  const token = await encode({ token: payload, secret: secretOf(options), salt: name, maxAge: checkCookieMaxAge })
  return { name, value: token, options: checkCookieOptions(key, options) }
}

/** Reads a check cookie back; anything but an intact cookie minted for this provider is InvalidCheck. */
async function readCheckCookie(key: CheckCookieKey, cookies: Record<string, string>, options: OAuthOptions): Promise<string> {
  return (await readCheckPayload(key, cookies, options)).value
}

async function readCheckPayload(key: CheckCookieKey, cookies: Record<string, string>, options: OAuthOptions): Promise<CheckCookiePayload> {
  const { name } = options.cookies[key]
  const check = checkNames[key]
  const token = cookies[name]
  if (!token) throw new InvalidCheck(`${check} cookie was missing`, { provider: options.provider.id })

  let payload: Partial<CheckCookiePayload> | null
  try {
    payload = await decode<Partial<CheckCookiePayload>>({ token, secret: secretOf(options), salt: name })
  } catch (error) {
    throw new InvalidCheck(`${check} value could not be parsed`, { err: error as Error, provider: options.provider.id })
  }
  if (!payload || typeof payload.value !== "string") {
    throw new InvalidCheck(`${check} value could not be parsed`, { provider: options.provider.id })
  }
  if (payload.provider !== options.provider.id) {
    throw new InvalidCheck(`${check} cookie was created for another provider`, {
      provider: options.provider.id,
      cookieProvider: String(payload.provider),
    })
  }
  return payload as CheckCookiePayload
}

/** Same name and attributes as when minted, so the browser replaces (and drops) that very cookie. */
function deletion(key: CheckCookieKey, options: OAuthOptions): Cookie {
  return { name: options.cookies[key].name, value: "", options: { ...checkCookieAttributes(key, options), maxAge: 0 } }
}

/**
 * The value a callback must match, read from its check cookie (which the answer then deletes: `used`),
 * or `skipped` (oauth4webapi's marker) when the provider does not use the check.
 */
async function useCheck<Skipped>(
  check: OAuthCheck,
  key: CheckCookieKey,
  skipped: Skipped,
  cookies: Record<string, string>,
  options: OAuthOptions,
  used: Cookie[],
): Promise<string | Skipped> {
  if (!options.provider.checks.includes(check)) return skipped
  const value = await readCheckCookie(key, cookies, options)
  used.push(deletion(key, options))
  return value
}

export interface CheckReadResult {
  value: string
  cookie: Cookie
}

export const pkce = {
  /** A fresh verifier: its S256 challenge goes in the URL, the verifier in the cookie. */
  async create(options: OAuthOptions): Promise<{ codeChallenge: string; cookie: Cookie }> {
    const verifier = oauth.generateRandomCodeVerifier()
    return {
      codeChallenge: await oauth.calculatePKCECodeChallenge(verifier),
      cookie: await mintCheckCookie("pkceCodeVerifier", verifier, options),
    }
  },
  /** The verifier for the token request, or `nopkce` when the provider does not use PKCE. */
  use: (cookies: Record<string, string>, options: OAuthOptions, used: Cookie[]) =>
    useCheck("pkce", "pkceCodeVerifier", oauth.nopkce, cookies, options, used),
}

export const state = {
  /** The `state` parameter (itself a JWE of `{ random, origin? }`) and its cookie. */
  async create(options: OAuthOptions, origin?: string): Promise<{ value: string; cookie: Cookie }> {
    const payload: StatePayload = { random: oauth.generateRandomState(), ...(origin ? { origin } : {}) }
    const value = await encode({ token: payload, secret: secretOf(options), salt: stateParamSalt, maxAge: checkCookieMaxAge })
    return { value, cookie: await mintCheckCookie("state", value, options) }
  },
  /** The state the callback must carry, or `skipStateCheck` when the provider does not use state. */
  use: (cookies: Record<string, string>, options: OAuthOptions, used: Cookie[]) =>
    useCheck("state", "state", oauth.skipStateCheck, cookies, options, used),
  /** Opens a `state` parameter (at a redirect proxy, which has no state cookie of its own). */
  async decode(value: string, options: OAuthOptions): Promise<StatePayload> {
    if (!options.provider.checks.includes("state")) {
      throw new InvalidCheck("State data was provided but the provider is not configured to use state", {
        provider: options.provider.id,
      })
    }
    let payload: Partial<StatePayload> | null
    try {
      payload = await decode<Partial<StatePayload>>({ token: value, secret: secretOf(options), salt: stateParamSalt })
    } catch (error) {
      throw new InvalidCheck("State value could not be parsed", { err: error as Error, provider: options.provider.id })
    }
    if (!payload || typeof payload.random !== "string" || (payload.origin !== undefined && typeof payload.origin !== "string")) {
      throw new InvalidCheck("State value could not be parsed", { provider: options.provider.id })
    }
    return payload as StatePayload
  },
}

export const nonce = {
  async create(options: OAuthOptions): Promise<{ value: string; cookie: Cookie }> {
    const value = oauth.generateRandomNonce()
    return { value, cookie: await mintCheckCookie("nonce", value, options) }
  },
  /** The nonce the ID token must carry, or `expectNoNonce` when the provider does not use one. */
  use: (cookies: Record<string, string>, options: OAuthOptions, used: Cookie[]) =>
    useCheck("nonce", "nonce", oauth.expectNoNonce, cookies, options, used),
}

/**
 * A federated sign-out's `state`: a random value sent to the provider's end-session endpoint, kept
 * (with where to land afterwards) in its own cookie, which only the landing of the same provider
 * in the same browser can match.
 */
export const signOutState = {
  async create(options: OAuthOptions, redirectTo: string): Promise<{ value: string; cookie: Cookie }> {
    const value = oauth.generateRandomState()
    return { value, cookie: await mintCheckCookie("signOutState", value, options, redirectTo) }
  },
  /** The saved `redirectTo` when `returned` is the state this browser was given; InvalidCheck otherwise. */
  async use(
    returned: string | undefined,
    cookies: Record<string, string>,
    options: OAuthOptions,
    used: Cookie[],
  ): Promise<string | undefined> {
    const payload = await readCheckPayload("signOutState", cookies, options)
    used.push(deletion("signOutState", options))
    if (!returned || returned !== payload.value) {
      throw new InvalidCheck("The sign-out state did not match the one this browser was given", { provider: options.provider.id })
    }
    return typeof payload.redirectTo === "string" ? payload.redirectTo : undefined
  },
}
