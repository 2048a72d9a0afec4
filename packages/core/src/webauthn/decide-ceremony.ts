export type Ceremony = "authenticate" | "register"

/**
 * Auth.js's decision table for GET /webauthn-options: which ceremony to offer, or null.
 *
 * - `authenticate` is always allowed.
 * - `register` needs user info, and a signed-in user must be an existing user (adding a
 *   passkey) while a signed-out one must be a new user (signing up).
 * - No action: a signed-in user must say what they want; otherwise a known e-mail
 *   authenticates, an unknown one registers, and no e-mail authenticates (discoverable keys).
 */
export function decideCeremony(
  action: Ceremony | undefined,
  signedIn: boolean,
  userInfo: { user?: unknown; exists?: boolean } | null,
): Ceremony | null {
  const user = userInfo?.user
  const exists = userInfo?.exists ?? false
  if (action === "authenticate") return "authenticate"
  if (action === "register") return user && signedIn === exists ? "register" : null
  if (signedIn) return null
  if (!user) return "authenticate"
  return exists ? "authenticate" : "register"
}
