import type { EmailConfig } from "../providers/types.js"
import type { VerificationMail } from "./verification-mail.js"

/** One composed mail, addressed. */
export interface AddressedMail extends VerificationMail {
  from: string | undefined
  to: string
  /** The mail's link, for mail APIs that fill their own template with it. */
  url: string
}

/** How a built-in e-mail provider sends a mail it did not compose (the Password provider's). */
export type ProviderTransport = (provider: EmailConfig, mail: AddressedMail) => Promise<void>

// Keyed by the provider's built-in sender function, which every copy of the provider config
// (core spreads providers when it resolves them) shares. The SMTP transport is registered by the
// Nodemailer provider module itself, so core never imports nodemailer.
const transports = new WeakMap<object, ProviderTransport>()

export function registerProviderTransport(sender: object, transport: ProviderTransport): void {
  transports.set(sender, transport)
}

/** The transport behind an e-mail provider's built-in sender, or undefined (the app's own sender, or none). */
export function providerTransportOf(provider: EmailConfig): ProviderTransport | undefined {
  return typeof provider.sendVerificationRequest === "function" ? transports.get(provider.sendVerificationRequest) : undefined
}
