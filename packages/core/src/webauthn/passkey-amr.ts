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
