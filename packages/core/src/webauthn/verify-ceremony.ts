import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server"
import type { AdapterAccount, AdapterUser } from "../adapters.js"
import { AdapterError, AuthError, WebAuthnVerificationError } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import { readChallengeCookie, type RegistrationUser } from "./challenge-cookie.js"
import {
  base64ToBytes,
  storedCredentialId,
  stringToTransports,
  webauthnCredentialId,
  bytesToBase64,
  transportsToString,
} from "./credential-id.js"
import type { WebAuthnInternalOptions, SimpleWebAuthnServer, InternalWebAuthnProvider } from "../providers/types.js"
import type { Account, Authenticator } from "../shared-types.js"

/**
 * For a passkey answering a pending sign-in's second-factor challenge: the pending sign-in the
 * challenge must have been handed to, and the user whose credential alone may answer it.
 */
export interface SecondFactorAssertion {
  pendingSignIn: string
  userId: string
}

/**
 * Checks a sign-in assertion: a live challenge from this provider, a credential registered with
 * this provider, and @simplewebauthn/server's verification (signature, origin, RP ID, challenge,
 * user presence/verification, and a signature counter that must grow once it is non-zero). The
 * new counter is stored. Returns the account and user the credential belongs to, whether the
 * credential is backed up (a synced passkey: its key is not bound to one device), and whether the
 * authenticator verified the user (passkeyMethods below).
 *
 * With `secondFactor`, the challenge must be one handed to that pending sign-in, and the
 * credential that user's: another user's passkey is refused before any signature is checked, and
 * its challenge left unclaimed, the same way as an unknown credential.
 */
export async function verifyAuthentication(
  request: RequestInternal,
  options: WebAuthnInternalOptions,
  secondFactor?: SecondFactorAssertion,
): Promise<{ user: AdapterUser; account: AdapterAccount; backedUp: boolean; userVerified: boolean }> {
  const { adapter, provider } = options
  const response = readCeremonyResponse<AuthenticationResponseJSON>(request, "authentication")
  const { challenge, pendingSignIn } = await readChallengeCookie(request.cookies, secondFactor ? "second-factor" : "authenticate", options)
  if (secondFactor && pendingSignIn !== secondFactor.pendingSignIn) {
    throw new WebAuthnVerificationError("The challenge is another pending sign-in's", { provider: provider.id })
  }

  const credentialID = storedCredentialId(response.id)
  if (!credentialID) throw new WebAuthnVerificationError("The WebAuthn credential id is not base64url", { provider: provider.id })
  const authenticator = await adapter.getAuthenticator(credentialID)
  if (!authenticator) {
    throw new WebAuthnVerificationError("No authenticator is registered with this credential id", {
      provider: provider.id,
      credentialID,
    })
  }
  const account = await adapter.getAccount(authenticator.providerAccountId, provider.id)
  if (!account) {
    throw new WebAuthnVerificationError("This credential is not registered with this provider", {
      provider: provider.id,
      credentialID,
    })
  }
  if (authenticator.userId && authenticator.userId !== account.userId) {
    throw new AuthError("The stored authenticator and its account belong to different users", { provider: provider.id, credentialID })
  }
  if (secondFactor && account.userId !== secondFactor.userId) {
    throw new WebAuthnVerificationError("The credential is another user's", {
      provider: provider.id,
      credentialID,
    })
  }

  const server = await simpleWebAuthnFor(provider)
  const relyingParty = provider.getRelayingParty(options, request)
  let verification: Awaited<ReturnType<typeof server.verifyAuthenticationResponse>>
  try {
    verification = await server.verifyAuthenticationResponse({
      ...provider.verifyAuthenticationOptions,
      response,
      expectedChallenge: challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      credential: {
        id: webauthnCredentialId(authenticator.credentialID),
        publicKey: base64ToBytes(authenticator.credentialPublicKey),
        counter: authenticator.counter,
        transports: stringToTransports(authenticator.transports),
      },
    })
  } catch (error) {
    throw new WebAuthnVerificationError("The WebAuthn authentication response failed verification", error as Error)
  }
  if (!verification.verified) {
    throw new WebAuthnVerificationError("The WebAuthn authentication response's signature could not be verified", {
      provider: provider.id,
      credentialID,
    })
  }
  if (!(await options.passkeyChallenges.claim(challenge))) {
    throw new WebAuthnVerificationError("This WebAuthn challenge was already answered (replayed response)", {
      provider: provider.id,
      credentialID,
    })
  }

  const { newCounter, credentialBackedUp, userVerified } = verification.authenticationInfo
  try {
    await adapter.updateAuthenticatorCounter(authenticator.credentialID, newCounter)
  } catch (error) {
    throw new AdapterError(
      `Failed to update authenticator counter. This may cause future authentication attempts to fail. ${JSON.stringify({
        credentialID,
        oldCounter: authenticator.counter,
        newCounter,
      })}`,
      error as Error,
    )
  }

  const user = await adapter.getUser(account.userId)
  if (!user) {
    throw new AuthError("WebAuthn user not found in database", { provider: provider.id, credentialID, userID: account.userId })
  }
  return { user, account, backedUp: credentialBackedUp, userVerified }
}

/** The browser's WebAuthn response as posted in `data` (a JSON string), checked only for shape. */
export function readCeremonyResponse<T extends { id: string }>(request: RequestInternal, ceremony: string): T {
  const raw = request.body?.data
  let data: unknown
  try {
    data = typeof raw === "string" ? JSON.parse(raw) : undefined
  } catch (error) {
    throw new WebAuthnVerificationError(`The WebAuthn ${ceremony} response was not valid JSON`, error as Error)
  }
  if (!data || typeof data !== "object" || Array.isArray(data) || typeof (data as { id?: unknown }).id !== "string") {
    throw new WebAuthnVerificationError(`Invalid WebAuthn ${ceremony} response`)
  }
  return data as T
}

/**
 * The `amr` values (RFC 8176) of a verified WebAuthn assertion or registration, the same for a
 * passkey as the first factor and as the second:
 * - `swk` for a backed-up (synced) credential, whose private key is copied between devices by their
 *   sync service and so is software-secured; `hwk` for one bound to its authenticator;
 * - `user`: the authenticator tested the user's presence (every ceremony does);
 * - `mfa` only when the authenticator also verified the user (PIN or biometrics): possession and
 *   verification are two factors, while a security key merely touched is one, and the second-factor
 *   gate must still ask its user for theirs (second-factor/second-factor-due.ts).
 */
export function passkeyAmr(backedUp: boolean): "hwk" | "swk" {
  return backedUp ? "swk" : "hwk"
}

export function passkeyMethods(ceremony: { backedUp: boolean; userVerified: boolean }): string[] {
  return [passkeyAmr(ceremony.backedUp), "user", ...(ceremony.userVerified ? ["mfa"] : [])]
}

/**
 * The @simplewebauthn/server functions a ceremony uses: the provider's loader (which the WebAuthn
 * and Passkey factories set, so that core itself never names the package), with any functions the
 * provider brings laid over it.
 */
export async function simpleWebAuthnFor(provider: InternalWebAuthnProvider): Promise<SimpleWebAuthnServer> {
  const own = provider.simpleWebAuthn ?? {}
  if (!provider.loadSimpleWebAuthn) return own as SimpleWebAuthnServer
  return { ...(await provider.loadSimpleWebAuthn()), ...own }
}

export interface VerifiedRegistration {
  /** Who the registration was started for (from the challenge cookie). */
  user: RegistrationUser
  account: Account
  /** To be stored once the user is known. */
  authenticator: Omit<Authenticator, "userId">
  /** Whether the authenticator verified the user (PIN or biometrics), not only their presence. */
  userVerified: boolean
}

/**
 * Checks a new credential: a live registration challenge from this provider,
 * @simplewebauthn/server's verification (attestation, origin, RP ID, challenge, user
 * presence/verification), and a credential id nobody has registered yet — a response naming
 * someone else's credential id would otherwise find their account and sign in as them.
 */
export async function verifyRegistration(request: RequestInternal, options: WebAuthnInternalOptions): Promise<VerifiedRegistration> {
  const { adapter, provider } = options
  const response = readCeremonyResponse<RegistrationResponseJSON>(request, "registration")
  const { challenge, user } = await readChallengeCookie(request.cookies, "register", options)

  const server = await simpleWebAuthnFor(provider)
  const relyingParty = provider.getRelayingParty(options, request)
  let verification: Awaited<ReturnType<typeof server.verifyRegistrationResponse>>
  try {
    verification = await server.verifyRegistrationResponse({
      ...provider.verifyRegistrationOptions,
      response,
      expectedChallenge: challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
    })
  } catch (error) {
    throw new WebAuthnVerificationError("The WebAuthn registration response failed verification", error as Error)
  }
  if (!verification.verified || !verification.registrationInfo) {
    throw new WebAuthnVerificationError("WebAuthn registration response could not be verified", { provider: provider.id })
  }

  const info = verification.registrationInfo
  const credentialID = storedCredentialId(info.credential.id)
  if (!credentialID) throw new WebAuthnVerificationError("The new credential's id is not base64url", { provider: provider.id })
  if (await adapter.getAuthenticator(credentialID)) {
    throw new WebAuthnVerificationError("This credential id is already registered", { provider: provider.id, credentialID })
  }
  if (!(await options.passkeyChallenges.claim(challenge))) {
    throw new WebAuthnVerificationError("This WebAuthn challenge was already answered (replayed response)", { provider: provider.id })
  }

  const account: Account = { providerAccountId: credentialID, provider: provider.id, type: "webauthn" }
  const authenticator = {
    providerAccountId: credentialID,
    counter: info.credential.counter,
    credentialID,
    credentialPublicKey: bytesToBase64(info.credential.publicKey),
    credentialBackedUp: info.credentialBackedUp,
    credentialDeviceType: info.credentialDeviceType,
    transports: transportsToString(response.response?.transports) ?? null,
  }
  return { user: user!, account, authenticator, userVerified: info.userVerified }
}
