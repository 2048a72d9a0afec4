/** A fresh e-mail address per call, so tests sharing a database or an SMTP sink never see each other's tokens and mails. */
export function uniqueAddress(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`
}
