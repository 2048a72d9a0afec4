import { AuthError } from "../errors.js"
import Nodemailer, { defaultFrom, type NodemailerConfig, type NodemailerUserConfig } from "./nodemailer.js"
import type { EmailConfig } from "./types.js"

export type { EmailConfig, SendVerificationRequestParams } from "./types.js"

export type EmailUserConfig = NodemailerUserConfig

/**
 * The e-mail provider with id `"email"`. Given a `server`, it is Auth.js's alias of the Nodemailer
 * provider (SMTP). Given only a `sendVerificationRequest`, it is a generic e-mail provider that
 * sends however that function likes (an HTTP API, a queue…): no server needed.
 *
 * ```ts
 * Email({ server: process.env.EMAIL_SERVER, from: "no-reply@example.com" })
 * Email({ async sendVerificationRequest({ identifier, url, code }) { await myMailer.send(identifier, url, code) } })
 * ```
 */
export default function Email(config: EmailUserConfig): EmailConfig | NodemailerConfig {
  if (config?.server) return { ...Nodemailer(config), id: "email", name: "Email" }
  if (typeof config?.sendVerificationRequest !== "function") {
    throw new AuthError("The Email provider needs a `server` (SMTP) or a `sendVerificationRequest` function")
  }
  return {
    id: "email",
    type: "email",
    name: "Email",
    from: defaultFrom,
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: config.sendVerificationRequest,
    options: config,
  }
}
