import type { RegistrationResponseJSON } from "@simplewebauthn/server"
import { WebAuthnVerificationError } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { Account, Authenticator } from "../primitives.js"
import { readChallengeCookie, type RegistrationUser } from "./challenge-cookie.js"
import { bytesToBase64, storedCredentialId, transportsToString } from "./credential-id.js"
import { simpleWebAuthnFor } from "./load-simplewebauthn.js"
import { readCeremonyResponse } from "./verify-authentication.js"
import type { WebAuthnInternalOptions } from "../providers/types.js"

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
