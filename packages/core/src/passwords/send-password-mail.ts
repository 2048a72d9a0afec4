import { readProcessEnv } from "../config/read-process-env.js"
import type { InternalOptions } from "../config/internal-options.js"
import { logPrefix } from "../config/logger.js"
import { defaultFrom } from "../email/email-provider-options.js"
import { providerTransportOf } from "../email/provider-transport.js"
import { html } from "../pages/html.js"
import { passwordMessageText, type PasswordMessageKey } from "./password-messages.js"
import type { EmailConfig } from "../providers/types.js"
import type { PasswordConfig, PasswordMail } from "./password-config.js"

/**
 * Sends one mail of the password flows: through the provider's `send` when the app gives one;
 * otherwise through the configured e-mail provider's own transport (its SMTP `server`, a mail
 * API, or `"console"`); otherwise, outside production, printed to the console.
 */
export async function sendPasswordMail(mail: PasswordMail, options: InternalOptions<"password">): Promise<void> {
  const provider = options.provider
  if (provider.send) return provider.send(mail)
  const emailProvider = options.providers.find((p) => p.type === "email") as EmailConfig | undefined
  const server = (emailProvider as { server?: unknown } | undefined)?.server
  if (emailProvider && server === "console") return printPasswordMail(mail)
  const transport = emailProvider && providerTransportOf(emailProvider)
  if (transport) {
    const from = provider.from ?? emailProvider.from ?? defaultFrom
    return transport({ ...emailProvider, from }, { from, to: mail.to, url: mail.url, ...composePasswordMail(mail, options) })
  }
  if (readProcessEnv().NODE_ENV === "production") {
    throw new Error(
      "The Password provider has no way to send mail: give it `send`, or configure an e-mail provider with an SMTP server or mail API",
    )
  }
  printPasswordMail(mail)
}

/** The development transport: the mail's link and code on the server's console. */
function printPasswordMail(mail: PasswordMail): void {
  if (readProcessEnv().NODE_ENV === "production") {
    throw new Error('The "console" e-mail transport prints password links and is for development only')
  }
  const lines = [
    `${logPrefix}[password] "${mail.kind}" e-mail for ${mail.to} (not sent: console transport)`,
    `  Link: ${mail.url}`,
    ...(mail.code ? [`  Code: ${mail.code}`] : []),
    ...(mail.expires ? [`  Expires: ${mail.expires.toISOString()}`] : []),
  ]
  console.log(lines.join("\n"))
}

/** Subject, text and HTML of a password mail, in the visitor's language. */
export function composePasswordMail(
  mail: PasswordMail,
  options: Pick<InternalOptions, "locale" | "url">,
): { subject: string; text: string; html: string } {
  const locale = options.locale
  const host = options.url.host
  const key = (part: string) => `mail.${mail.kind}.${part}` as PasswordMessageKey
  const subject = oneLine(passwordMessageText(locale, key("subject"), { host }))
  const body = passwordMessageText(locale, key("body"), { host, email: mail.to })
  const codeLine = mail.code ? `${passwordMessageText(locale, "mail.code")} ${mail.code}` : ""
  const text = [body, "", oneLine(mail.url), ...(codeLine ? ["", codeLine] : []), ""].join("\n")
  const htmlBody = html`<body style="font-family: Helvetica, Arial, sans-serif; color: #444;">
<p>${body}</p>
<p><a href="${mail.url}">${mail.url}</a></p>
${mail.code ? html`<p>${passwordMessageText(locale, "mail.code")} <strong style="font-family: Menlo, Consolas, monospace; letter-spacing: 3px;">${mail.code}</strong></p>` : ""}
</body>`.value
  return { subject, text, html: htmlBody }
}

function oneLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, " ")
}
