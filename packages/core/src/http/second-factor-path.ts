/**
 * The second-factor endpoints under basePath, each an operation of the "second-factor" action:
 * GET `second-factor` (the page, or the user's methods as JSON), GET `second-factor/passkey/options`
 * (a passkey's challenge for a pending sign-in), POST `second-factor/totp/enroll`,
 * `second-factor/totp/confirm`, `second-factor/disable`, `second-factor/backup-codes`, and the
 * challenge's answer, POST `callback/second-factor`.
 */
export type SecondFactorOperation = "show" | "passkey-options" | "totp-enroll" | "totp-confirm" | "disable" | "backup-codes" | "challenge"

const operations: Record<string, SecondFactorOperation> = {
  "second-factor": "show",
  "second-factor/passkey/options": "passkey-options",
  "second-factor/totp/enroll": "totp-enroll",
  "second-factor/totp/confirm": "totp-confirm",
  "second-factor/disable": "disable",
  "second-factor/backup-codes": "backup-codes",
  "callback/second-factor": "challenge",
}

/** The operation a path's segments (after basePath) name, or undefined when they name none. */
export function secondFactorOperation(segments: string[]): SecondFactorOperation | undefined {
  return Object.hasOwn(operations, segments.join("/")) ? operations[segments.join("/")] : undefined
}
