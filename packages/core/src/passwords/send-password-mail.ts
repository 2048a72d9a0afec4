import type { InternalOptions, PasswordMail } from "../providers/types.js"
import { composeLinkMail, type LinkMail, sendLinkMail } from "../email/send-link-mail.js"
import { passwordMessageText, type PasswordMessageKey } from "./password-messages.js"

/**
 * Sends one mail of the password flows: through the provider's `send` when the app gives one;
 * otherwise through the configured e-mail provider's own transport (its SMTP `server`, a mail
 * API, or `"console"`); otherwise, outside production, printed to the console (email/send-link-mail.ts).
 */
export async function sendPasswordMail(mail: PasswordMail, options: InternalOptions<"password">): Promise<void> {
  const provider = options.provider
  if (provider.send) return provider.send(mail)
  return sendLinkMail(passwordLinkMail(mail, options), options, provider.from)
}

/** Subject, text and HTML of a password mail, in the visitor's language. */
export function composePasswordMail(
  mail: PasswordMail,
  options: Pick<InternalOptions, "locale" | "url">,
): { subject: string; text: string; html: string } {
  return composeLinkMail(passwordLinkMail(mail, options))
}

function passwordLinkMail(mail: PasswordMail, options: Pick<InternalOptions, "locale" | "url">): LinkMail {
  const locale = options.locale
  const host = options.url.host
  const key = (part: string) => `mail.${mail.kind}.${part}` as PasswordMessageKey
  return {
    ...mail,
    label: `[password] "${mail.kind}"`,
    subject: passwordMessageText(locale, key("subject"), { host }),
    body: passwordMessageText(locale, key("body"), { host, email: mail.to }),
    codeLabel: passwordMessageText(locale, "mail.code"),
  }
}
