/**
 * A step-up under way, kept from GET /reauthenticate until the sign-in that finishes it: whose
 * session asked (its owner key), and when (seconds), so that the gate lets only that owner
 * through and an OpenID provider's `auth_time` can be checked against it. A JWE keyed with the
 * cookie's own name as salt (it can never be read as a session or another check cookie); it lives
 * 15 minutes and the sign-in that reads it deletes it.
 */
import { checkCookieMaxAge } from "../http/default-cookies.js"
import type { InternalOptions } from "../providers/types.js"
import { decode } from "../jwt/decode.js"
import { encode } from "../jwt/encode.js"
import type { Cookie, CookieOption } from "../shared-types.js"

export interface StepUp {
  /** ownerKey() of the session that asked to re-authenticate. */
  owner: string
  /** When the step-up began, in seconds: the re-authentication must be later. */
  since: number
  /**
   * Set when the step-up may be answered with the session's second factor alone
   * (second-factor/second-factor-step-up.ts): random, what wrong codes are counted against and what
   * is claimed once when it is answered.
   */
  id?: string
  /** Where the browser goes once the second factor is answered (the checked `callbackUrl`). */
  redirectTo?: string
}

function attributes(options: InternalOptions): CookieOption["options"] {
  const { expires: _expires, maxAge: _maxAge, ...base } = options.cookies.stepUp.options
  return base
}

export async function mintStepUpCookie(stepUp: StepUp, options: InternalOptions): Promise<Cookie> {
  const { name } = options.cookies.stepUp
  const value = await encode({ token: { ...stepUp }, secret: options.jwt.secret, salt: name, maxAge: checkCookieMaxAge })
  return {
    name,
    value,
    options: { ...attributes(options), maxAge: checkCookieMaxAge, expires: new Date(Date.now() + checkCookieMaxAge * 1000) },
  }
}

/** Same name and attributes as when minted, so the browser drops that very cookie. */
export function stepUpCookieDeletion(options: InternalOptions): Cookie {
  return { name: options.cookies.stepUp.name, value: "", options: { ...attributes(options), maxAge: 0 } }
}

/** The step-up the request's cookie holds, or null (none, expired, or not ours: a cookie that cannot be read binds nothing). */
export async function readStepUp(cookies: Record<string, string>, options: InternalOptions): Promise<StepUp | null> {
  const { name } = options.cookies.stepUp
  const value = cookies[name]
  if (!value) return null
  try {
    const payload = await decode({ token: value, secret: options.jwt.secret, salt: name })
    if (typeof payload?.owner !== "string" || typeof payload.since !== "number") return null
    const { id, redirectTo } = payload
    return {
      owner: payload.owner,
      since: payload.since,
      ...(typeof id === "string" && typeof redirectTo === "string" ? { id, redirectTo } : {}),
    }
  } catch {
    return null
  }
}
