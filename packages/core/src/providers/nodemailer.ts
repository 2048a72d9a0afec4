import { markBuiltInSender } from "../email/built-in-sender.js"
import { defaultFrom } from "../email/email-provider-options.js"
import { registerProviderTransport } from "../email/provider-transport.js"
import { sendWithNodemailer } from "../email/send-with-nodemailer.js"
import { verificationMail, verificationMailHtml, verificationMailText } from "../email/verification-mail.js"
import { AuthError } from "../errors.js"
import type { Theme } from "../shared-types.js"
import type { EmailConfig, SendVerificationRequestParams } from "./types.js"
export type { EmailConfig, SendVerificationRequestParams } from "./types.js"
import { logPrefix } from "../config/logger.js"
import { readProcessEnv } from "../config/config-env.js"

/**
 * Where mail goes: an SMTP URL (`smtp://user:pass@host:587`), nodemailer transport options
 * (`{ host, port, secure, auth }`, `{ service: "gmail", auth }`…), a nodemailer transport, or
 * `"console"` — development only: the link and code are printed instead of sent (refused when
 * NODE_ENV is "production").
 */
export type NodemailerServer = string | Record<string, unknown>

export interface NodemailerConfig extends EmailConfig {
  server: NodemailerServer
  options?: NodemailerUserConfig
}

export type NodemailerUserConfig = Omit<Partial<NodemailerConfig>, "options" | "type">

export { defaultFrom }

/**
 * Sign in with a magic link (and a one-time code) sent over SMTP with nodemailer, which is
 * loaded only when a mail is sent. Auth.js's options: `server` (required), `from`, `maxAge`
 * (default 24 h), `sendVerificationRequest`, `normalizeIdentifier`, `generateVerificationToken`;
 * and Gatehouse's `consumeOnGet`, `signInCode`, `maxCodeAttempts` (see EmailConfig).
 *
 * ```ts
 * Nodemailer({ server: process.env.EMAIL_SERVER, from: "Example <no-reply@example.com>" })
 * // in development, with no mail server:
 * Nodemailer({ server: process.env.EMAIL_SERVER ?? "console" })
 * ```
 */
export default function Nodemailer(config: NodemailerUserConfig): NodemailerConfig {
  if (!config?.server) throw new AuthError("Nodemailer requires a `server` configuration")
  const provider: NodemailerConfig = {
    id: "nodemailer",
    type: "email",
    name: "Nodemailer",
    server: config.server,
    from: defaultFrom,
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: markBuiltInSender(async (params: SendVerificationRequestParams) => {
      const { identifier, url, provider, theme, code, expires, locale } = params
      const server = (provider as NodemailerConfig).server
      if (server === "console") return printToConsole({ identifier, url, code, expires })
      const mail = verificationMail({ url, host: new URL(url).host, identifier, code, theme, locale })
      await sendWithNodemailer(server, provider.from, identifier, mail)
    }, "smtp"),
    options: config,
  }
  // The Password provider's mails go out over the same server (see email/provider-transport.ts).
  registerProviderTransport(provider.sendVerificationRequest, async (resolved, { from, to, subject, text, html }) => {
    await sendWithNodemailer((resolved as NodemailerConfig).server, from, to, { subject, text, html })
  })
  return provider
}

/** The HTML part of the built-in sign-in mail (Auth.js exports it under this name). */
export function html(params: { url: string; host: string; theme?: Theme; code?: string; identifier?: string }): string {
  return verificationMailHtml(params)
}

/** The plain-text part of the built-in sign-in mail. */
export function text(params: { url: string; host: string; code?: string; identifier?: string }): string {
  return verificationMailText(params)
}

/**
 * The development transport (`server: "console"`): instead of sending, prints the link and code,
 * so a demo works with no mail server. Anyone who can read the server's output could sign in as
 * anyone, so it refuses to run when NODE_ENV is "production".
 */
export function printToConsole(params: { identifier: string; url: string; code?: string; expires: Date }): void {
  if (readProcessEnv().NODE_ENV === "production") {
    throw new Error('The "console" e-mail transport prints sign-in links and is for development only; configure `server` in production')
  }
  const lines = [
    `${logPrefix}[email] Sign-in e-mail for ${params.identifier} (not sent: console transport)`,
    `  Link: ${params.url}`,
    ...(params.code ? [`  Code: ${params.code}`] : []),
    `  Expires: ${params.expires.toISOString()}`,
  ]
  console.log(lines.join("\n"))
}
