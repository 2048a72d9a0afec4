/**
 * The WebAuthn challenge, kept between the options request and the callback in a cookie.
 *
 * Like the OAuth check cookies it is a JWE (the session token codec) whose key is derived with
 * the cookie's own name as salt, so it can never be read as a session token or another check.
 * Its payload names the provider and the ceremony it was minted for, so a challenge handed out
 * by one provider (or for registration) cannot satisfy another provider's (or sign-in's) callback.
 * It lives 15 minutes and is deleted by the callback that reads it.
 */
import type { AdapterUser } from "../adapters.js"
import { WebAuthnVerificationError } from "../errors.js"
import { checkCookieMaxAge } from "../http/default-cookies.js"
import { decode } from "../jwt/decode.js"
import { encode } from "../jwt/encode.js"
import type { Cookie, CookieOption } from "../shared-types.js"
import type { Ceremony } from "./decide-ceremony.js"
import type { WebAuthnInternalOptions } from "../providers/types.js"

/** Who a registration is for: an existing (signed-in) user, or just the new user's e-mail. */
export type RegistrationUser = Partial<AdapterUser> & { email: string }

/** A sign-in's ceremony, or a passkey answering the second-factor challenge of a pending sign-in. */
export type ChallengeCeremony = Ceremony | "second-factor"

export interface ChallengeState {
  challenge: string
  ceremony: ChallengeCeremony
  /** Set for registrations only. */
  user?: RegistrationUser
  /** Set for second factors only: the pending sign-in the challenge was handed to (its id). */
  pendingSignIn?: string
}

interface ChallengePayload extends ChallengeState {
  provider: string
}

function secretOf(options: WebAuthnInternalOptions): string | string[] {
  return options.jwt?.secret ?? options.secret
}

function attributes(options: WebAuthnInternalOptions): CookieOption["options"] {
  const { expires: _expires, maxAge: _maxAge, ...base } = options.cookies.webauthnChallenge.options
  return base
}

export async function mintChallengeCookie(state: ChallengeState, options: WebAuthnInternalOptions): Promise<Cookie> {
  const { name } = options.cookies.webauthnChallenge
  const payload: ChallengePayload = { ...state, provider: options.provider.id }
  const value = await encode({ token: payload, secret: secretOf(options), salt: name, maxAge: checkCookieMaxAge })
  return {
    name,
    value,
    options: { ...attributes(options), maxAge: checkCookieMaxAge, expires: new Date(Date.now() + checkCookieMaxAge * 1000) },
  }
}

/** Same name and attributes as when minted, so the browser drops that very cookie. */
export function challengeCookieDeletion(options: WebAuthnInternalOptions): Cookie {
  return { name: options.cookies.webauthnChallenge.name, value: "", options: { ...attributes(options), maxAge: 0 } }
}

/**
 * The challenge this callback must see signed. Anything but an intact, unexpired cookie minted
 * by this provider for this ceremony is refused as a failed verification (the user gets the
 * error page and can start again; the log says what was wrong).
 */
export async function readChallengeCookie(
  cookies: Record<string, string>,
  ceremony: ChallengeCeremony,
  options: WebAuthnInternalOptions,
): Promise<ChallengeState> {
  const { name } = options.cookies.webauthnChallenge
  const provider = options.provider.id
  const token = cookies[name]
  if (!token) throw new WebAuthnVerificationError("The WebAuthn challenge cookie was missing (expired or already used)", { provider })

  let payload: Partial<ChallengePayload> | null
  try {
    payload = await decode<Partial<ChallengePayload>>({ token, secret: secretOf(options), salt: name })
  } catch (error) {
    throw new WebAuthnVerificationError("The WebAuthn challenge cookie could not be read (expired or tampered with)", {
      err: error as Error,
      provider,
    })
  }
  if (!payload || typeof payload.challenge !== "string" || !payload.challenge) {
    throw new WebAuthnVerificationError("The WebAuthn challenge cookie held no challenge", { provider })
  }
  if (payload.provider !== provider) {
    throw new WebAuthnVerificationError("The WebAuthn challenge cookie was created for another provider", {
      provider,
      cookieProvider: String(payload.provider),
    })
  }
  if (payload.ceremony !== ceremony) {
    throw new WebAuthnVerificationError(`The WebAuthn challenge was issued for ${String(payload.ceremony)}, not ${ceremony}`, {
      provider,
    })
  }
  if (ceremony === "register" && (!payload.user || typeof payload.user.email !== "string")) {
    throw new WebAuthnVerificationError("The WebAuthn registration challenge carried no user", { provider })
  }
  return { challenge: payload.challenge, ceremony, user: payload.user, pendingSignIn: payload.pendingSignIn }
}
