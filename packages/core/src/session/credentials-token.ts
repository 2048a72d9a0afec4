import type { JWT } from "../jwt/types.js"

/**
 * The claim that marks a JWT minted by a credentials sign-in while an adapter is configured. Its
 * `sub` is `authorize`'s id, which is not an adapter user id (an app's user 1 is not the adapter's
 * user 1), so whatever reads the signed-in user from the adapter — account linking, adding a
 * passkey — must not look `sub` up there. The claim holds the provider's id.
 */
const credentialsClaim = "gatehouse.credentials"

/** The token of a credentials sign-in, marked (see above). */
export function markCredentialsToken(token: JWT, providerId: string): JWT {
  return { ...token, [credentialsClaim]: providerId }
}

/** Whether the token came from a credentials sign-in, so its `sub` names no adapter user. */
export function isCredentialsToken(token: JWT | null | undefined): boolean {
  return typeof token?.[credentialsClaim] === "string"
}

/** The jwt callback's new token, still marked if the old one was: a callback that rebuilds the token must not drop the mark. */
export function keepCredentialsMark(before: JWT, after: JWT): JWT {
  const mark = before[credentialsClaim]
  return typeof mark === "string" && after[credentialsClaim] !== mark ? { ...after, [credentialsClaim]: mark } : after
}
