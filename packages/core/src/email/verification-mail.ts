import { html, SafeHtml } from "../pages/html.js"
import { mailLocale, message, messageText } from "../pages/page-locale.js"
import type { Theme } from "../shared-types.js"

export interface VerificationMailParams {
  /** The magic link. */
  url: string
  /** The site's host name, shown as the site's name. */
  host: string
  /** The address the mail goes to, shown so that a forwarded mail says whose sign-in it is. */
  identifier?: string
  /** The one-time code, already formatted; left out of the mail when undefined. */
  code?: string
  theme?: Theme
  /** The language to write in ("de", "ja", …): one a config added in `pages.locales`, else English. */
  locale?: string
}

export interface VerificationMail {
  subject: string
  html: string
  text: string
}

/**
 * The sign-in mail of the built-in senders, in the visitor's language: subject "Sign in to
 * <host>", a button to the link, the code, and a plain-text part. Every value is escaped in the HTML (an address or host with markup
 * renders as text, CVE-2022-31127), and line breaks are stripped from values in the text part.
 */
export function verificationMail(params: VerificationMailParams): VerificationMail {
  const host = oneLine(params.host)
  return {
    subject: messageText(mailLocale(params.locale), "mail.subject", { host }),
    html: verificationMailHtml({ ...params, host }),
    text: verificationMailText({ ...params, host }),
  }
}

/** The HTML part. Dots in the host are broken with zero-width spaces so mail clients do not link it. */
export function verificationMailHtml({ url, host, identifier, code, theme = {}, locale: tag }: VerificationMailParams): string {
  const locale = mailLocale(tag)
  const brandColor = cssColour(theme.brandColor) ?? "#346df1"
  const buttonText = cssColour(theme.buttonText) ?? "#fff"
  const background = "#f9f9f9"
  const text = "#444"
  const mainBackground = "#fff"
  const hostHtml = new SafeHtml(html`${host}`.value.replace(/\./g, "&#8203;."))
  return html`<body style="background: ${background};">
<table width="100%" border="0" cellspacing="20" cellpadding="0" style="background: ${mainBackground}; max-width: 600px; margin: auto; border-radius: 10px;">
<tr><td align="center" style="padding: 10px 0px; font-size: 22px; font-family: Helvetica, Arial, sans-serif; color: ${text};">${message(locale, "mail.subject", { host: html`<strong>${hostHtml}</strong>` })}</td></tr>
<tr><td align="center" style="padding: 20px 0;"><table border="0" cellspacing="0" cellpadding="0"><tr><td align="center" style="border-radius: 5px;" bgcolor="${brandColor}"><a href="${url}" target="_blank" style="font-size: 18px; font-family: Helvetica, Arial, sans-serif; color: ${buttonText}; text-decoration: none; border-radius: 5px; padding: 10px 20px; border: 1px solid ${brandColor}; display: inline-block; font-weight: bold;">${message(locale, "mail.button")}</a></td></tr></table></td></tr>
${code ? html`<tr><td align="center" style="padding: 0px 0px 10px 0px; font-size: 16px; line-height: 22px; font-family: Helvetica, Arial, sans-serif; color: ${text};">${message(locale, "mail.code")}<br><strong style="font-size: 24px; letter-spacing: 4px; font-family: Menlo, Consolas, monospace;">${code}</strong></td></tr>` : ""}
${identifier ? html`<tr><td align="center" style="padding: 0px 0px 10px 0px; font-size: 14px; line-height: 22px; font-family: Helvetica, Arial, sans-serif; color: ${text};">${message(locale, "mail.requestedFor", { email: identifier })}</td></tr>` : ""}
<tr><td align="center" style="padding: 0px 0px 10px 0px; font-size: 16px; line-height: 22px; font-family: Helvetica, Arial, sans-serif; color: ${text};">${message(locale, "mail.ignore")}</td></tr>
</table>
</body>`.value
}

/** The plain-text part, for clients that do not render HTML. */
export function verificationMailText({ url, host, identifier, code, locale: tag }: VerificationMailParams): string {
  const locale = mailLocale(tag)
  const lines = [messageText(locale, "mail.subject", { host: oneLine(host) }), oneLine(url), ""]
  if (code) lines.push(`${messageText(locale, "mail.code")} ${oneLine(code)}`, "")
  if (identifier) lines.push(messageText(locale, "mail.requestedFor", { email: oneLine(identifier) }), "")
  lines.push(messageText(locale, "mail.ignore"), "")
  return lines.join("\n")
}

/** Values never add lines or headers of their own. */
function oneLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, " ")
}

/** A colour from the theme, or undefined when it is not plainly a colour. */
function cssColour(value: string | undefined): string | undefined {
  if (!value) return undefined
  return /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|(rgb|rgba|hsl|hsla)\([0-9.,%\s]+\))$/.test(value) ? value : undefined
}
