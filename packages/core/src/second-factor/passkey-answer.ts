/**
 * A passkey as the second factor (`methods: [..., "passkey"]`): an adapter user's own passkey,
 * registered with the app's WebAuthn provider, answers the challenge of a pending sign-in instead
 * of a code. The ceremony is the WebAuthn provider's own (webauthn/): its challenge cookie (bound
 * here to the pending sign-in), its verification by @simplewebauthn/server, and its challenge
 * ledger, which claims each challenge once across every instance.
 */
import type { InternalOptions } from "../config/internal-options.js"
import { WebAuthnVerificationError } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { Cookie } from "../primitives.js"
import type { SessionOwner } from "../sessions/session-owner.js"
import type { ResponseInternal } from "../types.js"
import { secondFactorAuthenticationOptions } from "../webauthn/ceremony-options.js"
import { challengeCookieDeletion } from "../webauthn/challenge-cookie.js"
import { passkeyAmr } from "../webauthn/passkey-amr.js"
import { verifyAuthentication } from "../webauthn/verify-authentication.js"
import type { InternalWebAuthnProvider, WebAuthnInternalOptions } from "../webauthn/webauthn-internal-options.js"
import type { PendingSignIn } from "./pending-sign-in.js"
import type { SecondFactorProof } from "./second-factor-proof.js"

/** The options of a WebAuthn ceremony run by the app's (first) WebAuthn provider, or undefined without one. */
export function passkeyCeremonyOptions(options: InternalOptions): WebAuthnInternalOptions | undefined {
  const provider = options.providers.find((candidate) => candidate.type === "webauthn") as InternalWebAuthnProvider | undefined
  if (!provider || !options.adapter) return undefined
  return { ...options, provider } as unknown as WebAuthnInternalOptions
}

/**
 * The adapter user whose passkeys may answer a sign-in of `owner`: when "passkey" is offered, the
 * owner is an adapter user (an app's own Credentials user has no stored passkeys), and has one.
 */
export async function passkeyUserOf(owner: SessionOwner, options: InternalOptions): Promise<string | undefined> {
  if (!options.secondFactor?.methods.includes("passkey") || owner.kind !== "user" || !passkeyCeremonyOptions(options)) return undefined
  const passkeys = await options.adapter!.listAuthenticatorsByUserId(owner.userId)
  return passkeys.length > 0 ? owner.userId : undefined
}

/** Whether the challenge's answer is a passkey assertion (the page's script posts it as `data`) rather than a code. */
export function isPasskeyAnswer(request: RequestInternal): boolean {
  return typeof request.body?.data === "string"
}

/**
 * GET {basePath}/second-factor/passkey/options: WebAuthn options listing the pending user's
 * passkeys, for a pending sign-in whose user may answer with one; 404 otherwise (no pending
 * sign-in, an ended one, or a user without passkeys: the same answer).
 */
export async function passkeyChallengeOptions(
  request: RequestInternal,
  pending: PendingSignIn | null,
  options: InternalOptions,
): Promise<ResponseInternal> {
  const ceremony = passkeyCeremonyOptions(options)
  if (!pending?.passkeyUser || pending.mustEnrol || options.pendingSignIns.claimedHere(pending.id) || !ceremony) {
    return { status: 404, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" }, body: { error: "no-passkey" } }
  }
  return secondFactorAuthenticationOptions(request, ceremony, { id: pending.id, userId: pending.passkeyUser })
}

/**
 * Checks the posted assertion against the challenge handed to this pending sign-in and the
 * pending user's passkeys. The proof (`hwk`, or `swk` for a synced passkey), or the refusal of
 * anything else: a bad or replayed assertion, another user's passkey, a challenge of another
 * pending sign-in, a user who may not answer with a passkey. The caller answers every refusal
 * alike and logs its reason. `spent` always gets the challenge cookie's deletion.
 */
export async function claimPasskeyAnswer(
  request: RequestInternal,
  pending: PendingSignIn,
  options: InternalOptions,
  spent: Cookie[],
): Promise<SecondFactorProof | { refused: Error }> {
  const ceremony = passkeyCeremonyOptions(options)
  if (!ceremony || !pending.passkeyUser) return { refused: new WebAuthnVerificationError("No passkey may answer this pending sign-in") }
  spent.push(challengeCookieDeletion(ceremony))
  try {
    const { backedUp } = await verifyAuthentication(request, ceremony, { pendingSignIn: pending.id, userId: pending.passkeyUser })
    return { method: "passkey", amr: passkeyAmr(backedUp) }
  } catch (error) {
    if (!(error instanceof WebAuthnVerificationError)) throw error
    return { refused: error }
  }
}
