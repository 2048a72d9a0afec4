import { readProcessEnv } from "../config/config-env.js"
import type { InternalOptions, EmailConfig } from "../providers/types.js"
import { logPrefix } from "../config/logger.js"
import { html } from "../pages/html.js"
import { defaultFrom } from "./email-provider-options.js"
import { providerTransportOf } from "./provider-transport.js"

/** A mail of a flow other than e-mail sign-in (passwords, the account): a link and maybe a code. */
export interface LinkMail {
  to: string
  /** What the mail is, for the console transport's line (`[password] "reset"`, `[account] "email-change"`). */
  label: string
  url: string
  code?: string
  expires?: Date
  subject: string
  /** The paragraph above the link. */
  body: string
  /** The words before the code (`Your code:`). */
  codeLabel?: string
}

/**
 * Sends a link mail through the configured e-mail provider's own transport (its SMTP `server`, a
 * mail API, or `"console"`); otherwise, outside production, prints it to the console. `from`
 * overrides the provider's sender. Without a transport in production: an error naming what to configure.
 */
export async function sendLinkMail(mail: LinkMail, options: Pick<InternalOptions, "providers">, from?: string): Promise<void> {
  const emailProvider = options.providers.find((p) => p.type === "email") as EmailConfig | undefined
  const server = (emailProvider as { server?: unknown } | undefined)?.server
  if (emailProvider && server === "console") return printLinkMail(mail)
  const transport = emailProvider && providerTransportOf(emailProvider)
  if (transport) {
    const sender = from ?? emailProvider.from ?? defaultFrom
    return transport({ ...emailProvider, from: sender }, { from: sender, to: mail.to, url: mail.url, ...composeLinkMail(mail) })
  }
  if (readProcessEnv().NODE_ENV === "production") {
    throw new Error(`No way to send the ${mail.label} e-mail: configure an e-mail provider with an SMTP server or mail API`)
  }
  printLinkMail(mail)
}

/** The development transport: the mail's link and code on the server's console. */
function printLinkMail(mail: LinkMail): void {
  if (readProcessEnv().NODE_ENV === "production") {
    throw new Error('The "console" e-mail transport prints links and codes and is for development only')
  }
  const lines = [
    `${logPrefix}${mail.label} e-mail for ${mail.to} (not sent: console transport)`,
    `  Link: ${mail.url}`,
    ...(mail.code ? [`  Code: ${mail.code}`] : []),
    ...(mail.expires ? [`  Expires: ${mail.expires.toISOString()}`] : []),
  ]
  console.log(lines.join("\n"))
}

/** Subject, text and HTML of a link mail. */
export function composeLinkMail(mail: LinkMail): { subject: string; text: string; html: string } {
  const codeLine = mail.code ? `${mail.codeLabel ?? ""} ${mail.code}`.trim() : ""
  const text = [mail.body, "", oneLine(mail.url), ...(codeLine ? ["", codeLine] : []), ""].join("\n")
  const htmlBody = html`<body style="font-family: Helvetica, Arial, sans-serif; color: #444;">
<p>${mail.body}</p>
<p><a href="${mail.url}">${mail.url}</a></p>
${mail.code ? html`<p>${mail.codeLabel ?? ""} <strong style="font-family: Menlo, Consolas, monospace; letter-spacing: 3px;">${mail.code}</strong></p>` : ""}
</body>`.value
  return { subject: oneLine(mail.subject), text, html: htmlBody }
}

function oneLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, " ")
}
