import { httpEmailProvider, type HttpEmailUserConfig } from "../email/http-email-provider.js"
import type { EmailConfig } from "./types.js"

export type EmailUserConfig = HttpEmailUserConfig

/**
 * Sign in with a magic link (and code) sent through SendGrid's HTTP API
 * (`POST https://api.sendgrid.com/v3/mail/send`). The API key comes from `apiKey` or
 * AUTH_SENDGRID_KEY.
 */
export default function SendGrid(config: EmailUserConfig): EmailConfig {
  return httpEmailProvider(
    {
      id: "sendgrid",
      name: "SendGrid",
      endpoint: "https://api.sendgrid.com/v3/mail/send",
      headers: (apiKey) => ({ Authorization: `Bearer ${apiKey}` }),
      body: (mail) => ({
        personalizations: [{ to: [{ email: mail.to }] }],
        from: { email: mail.from },
        subject: mail.subject,
        content: [
          { type: "text/plain", value: mail.text },
          { type: "text/html", value: mail.html },
        ],
      }),
    },
    config,
  )
}
