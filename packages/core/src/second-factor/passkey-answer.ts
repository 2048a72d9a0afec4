/**
 * A passkey as the second factor (`methods: [..., "passkey"]`): an adapter user's own passkey,
 * registered with the app's WebAuthn provider, answers the challenge of a pending sign-in instead
 * of a code. The ceremony is the WebAuthn provider's own (webauthn/): its challenge cookie (bound
 * here to the pending sign-in), its verification by @simplewebauthn/server, and its challenge
 * ledger, which claims each challenge once across every instance.
 */
import type { InternalOptions, WebAuthnInternalOptions } from "../providers/types.js"
import { optionsWithProvider } from "../config/request-options.js"
import { WebAuthnVerificationError } from "../errors.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { Cookie } from "../shared-types.js"
import type { ResponseInternal } from "../types.js"
import { credentialsOf, optionsResponse } from "../webauthn/ceremony-options.js"
import { challengeCookieDeletion, mintChallengeCookie } from "../webauthn/challenge-cookie.js"
import { passkeyAmr, verifyAuthentication, simpleWebAuthnFor } from "../webauthn/verify-ceremony.js"
import { secondFactorWebAuthnProvider } from "./passkey-user.js"
import type { PendingSignIn } from "./pending-sign-in.js"
import type { SecondFactorChallenge, SecondFactorProof } from "./second-factor-proof.js"

/** The options of a WebAuthn ceremony run by the app's second-factor WebAuthn provider, or undefined without one. */
export function passkeyCeremonyOptions(options: InternalOptions): WebAuthnInternalOptions | undefined {
  const provider = secondFactorWebAuthnProvider(options)
  if (!provider || !options.adapter) return undefined
  return optionsWithProvider(options, provider) as unknown as WebAuthnInternalOptions
}

/** Whether the challenge's answer is a passkey assertion (the page's script posts it as `data`) rather than a code. */
export function isPasskeyAnswer(request: RequestInternal): boolean {
  return typeof request.body?.data === "string"
}

/**
 * GET {basePath}/second-factor/passkey/options: WebAuthn options for a pending sign-in whose user
 * may answer with a passkey; 404 otherwise (no pending sign-in, an ended one, or a user without
 * passkeys: the same answer). The options list that user's credentials (the browser offers no
 * other, and naming them tells nobody more than the first factor already proved); their challenge
 * cookie is bound to the pending sign-in, for the second-factor ceremony only. (Here, not in
 * webauthn/: only apps with second factors load this entry.)
 */
export async function passkeyChallengeOptions(
  request: RequestInternal,
  pending: (SecondFactorChallenge & Pick<PendingSignIn, "mustEnrol">) | null,
  options: InternalOptions,
): Promise<ResponseInternal> {
  const ceremony = passkeyCeremonyOptions(options)
  if (!pending?.passkeyUser || pending.mustEnrol || options.pendingSignIns.claimedHere(pending.id) || !ceremony) {
    return { status: 404, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" }, body: { error: "no-passkey" } }
  }
  const { provider } = ceremony
  const server = await simpleWebAuthnFor(provider)
  const relyingParty = provider.getRelayingParty(ceremony, request)
  const publicKey = await server.generateAuthenticationOptions({
    ...provider.authenticationOptions,
    rpID: relyingParty.id,
    allowCredentials: await credentialsOf(pending.passkeyUser, ceremony),
  })
  await ceremony.passkeyChallenges.issue(publicKey.challenge)
  const state = { challenge: publicKey.challenge, ceremony: "second-factor" as const, pendingSignIn: pending.id }
  return optionsResponse({ action: "authenticate", options: publicKey }, await mintChallengeCookie(state, ceremony))
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
  pending: SecondFactorChallenge,
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
