import type { AdapterAuthenticator } from "../adapters.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { ResponseInternal } from "../types.js"
import type { Cookie } from "../shared-types.js"
import { mintChallengeCookie, type RegistrationUser } from "./challenge-cookie.js"
import { stringToTransports, webauthnCredentialId } from "./credential-id.js"
import { simpleWebAuthnFor } from "./verify-ceremony.js"
import type { WebAuthnInternalOptions } from "../providers/types.js"

/** A user's stored authenticators as WebAuthn credential descriptors. */
export async function credentialsOf(userId: string | undefined, options: WebAuthnInternalOptions) {
  if (!userId) return undefined
  const authenticators: AdapterAuthenticator[] = await options.adapter.listAuthenticatorsByUserId(userId)
  return authenticators.map((a) => ({ id: webauthnCredentialId(a.credentialID), transports: stringToTransports(a.transports) }))
}

/**
 * Whether the app asked, in its provider's `registrationOptions`, for credentials the authenticator
 * need not find by itself (`residentKey` "preferred" or "discouraged"): sign-in must then name the
 * typed address's credentials, which tells whoever asks whether the address has passkeys. Apps
 * that registered such credentials under Auth.js keep them usable by saying so; by default none
 * are registered and none are named.
 */
export function namesCredentials(provider: WebAuthnInternalOptions["provider"]): boolean {
  const asked = provider.registrationOptions?.authenticatorSelection?.residentKey
  return asked !== undefined && asked !== "required"
}

/** The options route's answer: the options as JSON (never stored), and the cookie holding their challenge. */
export function optionsResponse(body: object, cookie: Cookie): ResponseInternal {
  return {
    status: 200,
    headers: { "Content-Type": "application/json", "Cache-Control": "private, no-store" },
    body,
    cookies: [cookie],
  }
}

/**
 * Options for signing in, the same whoever asks and whatever address was typed: they name no
 * credential (no `allowCredentials`), so the authenticator offers the site's discoverable
 * credentials and the callback finds the user by the id the browser answers with.
 *
 * Auth.js lists the typed address's credential ids here. That tells a stranger whether the
 * address has an account with passkeys and hands out the victim's credential ids. Decoys for
 * addresses without passkeys (say HMAC-derived from the secret, the same on every query) would
 * hide the first only while they could not be told from real ids (length and form vary with the
 * authenticator) and would still leak real ids; worse, listing any id limits the ceremony to
 * those, so the answer cannot be uniform without breaking sign-in. Naming none costs only
 * non-discoverable credentials, which is why the WebAuthn providers register discoverable ones —
 * unless the app asked for others (namesCredentials): then the typed address's credentials are
 * listed, as in Auth.js, since nothing else could sign in with them.
 */
export async function authenticationOptions(
  request: RequestInternal,
  options: WebAuthnInternalOptions,
  userId: string | undefined,
): Promise<ResponseInternal> {
  const { provider } = options
  const server = await simpleWebAuthnFor(provider)
  const relyingParty = provider.getRelayingParty(options, request)
  const publicKey = await server.generateAuthenticationOptions({
    ...provider.authenticationOptions,
    rpID: relyingParty.id,
    allowCredentials: namesCredentials(provider) ? await credentialsOf(userId, options) : undefined,
  })
  await options.passkeyChallenges.issue(publicKey.challenge)
  const cookie = await mintChallengeCookie({ challenge: publicKey.challenge, ceremony: "authenticate" }, options)
  return optionsResponse({ action: "authenticate", options: publicKey }, cookie)
}

/**
 * Options for creating a credential. The WebAuthn user handle is random, never the user's id:
 * credentials are tied to users through the stored authenticator, not the handle.
 */
export async function registrationOptions(
  request: RequestInternal,
  options: WebAuthnInternalOptions,
  user: RegistrationUser,
): Promise<ResponseInternal> {
  const { provider } = options
  const server = await simpleWebAuthnFor(provider)
  const relyingParty = provider.getRelayingParty(options, request)
  const publicKey = await server.generateRegistrationOptions({
    ...provider.registrationOptions,
    userID: crypto.getRandomValues(new Uint8Array(32)),
    userName: user.email,
    userDisplayName: user.name ?? undefined,
    rpID: relyingParty.id,
    rpName: relyingParty.name,
    excludeCredentials: await credentialsOf(user.id, options),
    // Sign-in names no credential (see authenticationOptions), so a non-discoverable one could never be used.
    authenticatorSelection: namesCredentials(provider)
      ? provider.registrationOptions?.authenticatorSelection
      : { ...provider.registrationOptions?.authenticatorSelection, residentKey: "required", requireResidentKey: true },
  })
  await options.passkeyChallenges.issue(publicKey.challenge)
  const cookie = await mintChallengeCookie({ challenge: publicKey.challenge, ceremony: "register", user: registrationUser(user) }, options)
  return optionsResponse({ action: "register", options: publicKey }, cookie)
}

/** Only what the callback needs goes into the cookie (it is size-limited), dates as strings. */
function registrationUser(user: RegistrationUser): RegistrationUser {
  const { id, email, name, image } = user
  return JSON.parse(JSON.stringify({ id, email, name, image }))
}
