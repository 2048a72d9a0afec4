/**
 * Whose passkeys may answer a pending sign-in's challenge, decided at the gate. Kept apart from
 * passkey-answer.ts: the gate (login/finish-sign-in.ts) is in every app's bundle, the WebAuthn
 * ceremony only in those that turn second factors on.
 */
import type { InternalOptions, InternalWebAuthnProvider } from "../providers/types.js"
import type { SessionOwner } from "../sessions/session-owner.js"

/** The app's (first) WebAuthn provider: the one whose passkeys answer second-factor challenges. */
export function secondFactorWebAuthnProvider(options: InternalOptions): InternalWebAuthnProvider | undefined {
  return options.providers.find((candidate) => candidate.type === "webauthn") as InternalWebAuthnProvider | undefined
}

/**
 * The adapter user whose passkeys may answer a sign-in of `owner`: when "passkey" is offered, the
 * owner is an adapter user (an app's own Credentials user has no stored passkeys), and has one.
 */
export async function passkeyUserOf(owner: SessionOwner, options: InternalOptions): Promise<string | undefined> {
  if (!options.secondFactor?.methods.includes("passkey") || owner.kind !== "user") return undefined
  if (!options.adapter || !secondFactorWebAuthnProvider(options)) return undefined
  const passkeys = await options.adapter.listAuthenticatorsByUserId(owner.userId)
  return passkeys.length > 0 ? owner.userId : undefined
}
