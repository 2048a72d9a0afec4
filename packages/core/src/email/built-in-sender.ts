/**
 * Which of Gatehouse's own `sendVerificationRequest`s a provider still has, so that checks (the
 * doctor) judge only what that sender needs: a mail API's key, Nodemailer's server. A provider
 * given the app's own `sendVerificationRequest` (a plain e-mail provider, or any factory's
 * override) sends however the app likes and needs neither. A registry symbol, not a module-level
 * set: the doctor may run another copy of core than the one that made the provider.
 */
const builtInSender = Symbol.for("gatehouse.builtInEmailSender")

/** "mail-api": posts to a mail service with the provider's `apiKey`; "smtp": Nodemailer's `server`. */
export type BuiltInSenderKind = "mail-api" | "smtp"

export function markBuiltInSender<T extends (...args: never[]) => unknown>(send: T, kind: BuiltInSenderKind): T {
  Object.defineProperty(send, builtInSender, { value: kind })
  return send
}

/** The kind of built-in sender `send` is, or undefined for the app's own (or no) function. */
export function builtInSenderKind(send: unknown): BuiltInSenderKind | undefined {
  return typeof send === "function" ? (send as unknown as Record<symbol, BuiltInSenderKind | undefined>)[builtInSender] : undefined
}
