/**
 * How a pending sign-in's second factor was proven: its name (the `signIn` event's
 * `secondFactor`) and the `amr` value (RFC 8176) the session gets beside the first factor's and
 * `mfa`: `otp` for a TOTP or backup code, `hwk` for a passkey bound to its device, `swk` for a
 * synced one (its key is copied between devices, so it is software-secured).
 */
export interface SecondFactorProof {
  method: "totp" | "backup-code" | "passkey"
  amr: "otp" | "hwk" | "swk"
}
