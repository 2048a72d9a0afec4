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

/**
 * A second-factor challenge being answered: a pending sign-in's (pending-sign-in.ts) or a step-up's
 * on a signed-in session (second-factor-step-up.ts). `id` is what wrong answers are counted against
 * and what the passkey ceremony's challenge is bound to; `owner` whose factor must answer.
 */
export interface SecondFactorChallenge {
  id: string
  owner: string
  /** The adapter user whose passkeys may answer, when one may. */
  passkeyUser?: string
}
