import type { Profile, User } from "../primitives.js"

/**
 * Whether the provider vouched that the user's e-mail address belongs to the person signing in:
 * OpenID Connect's `email_verified` claim (true, or the string "true" some providers send) for
 * that very address. Only then is a user created by this sign-in stored as verified; any other
 * user is one an e-mail sign-in by the address's owner replaces rather than joins.
 */
export function providerVouchesForEmail(profile: Profile, user: User): boolean {
  const claim = (profile as { email_verified?: unknown }).email_verified
  if (claim !== true && claim !== "true") return false
  return typeof profile.email === "string" && typeof user.email === "string" && profile.email.toLowerCase() === user.email.toLowerCase()
}
