import { postMailOverHttps } from "../email/post-mail-over-https.js"
import { verificationMail } from "../email/verification-mail.js"
import { defaultFrom } from "./nodemailer.js"
import type { EmailConfig, SendVerificationRequestParams } from "./types.js"

export type EmailUserConfig = Omit<Partial<EmailConfig>, "options" | "type">

/**
 * Sign in with a magic link (and code) sent through SendGrid's HTTP API
 * (`POST https://api.sendgrid.com/v3/mail/send`). The API key comes from `apiKey` or
 * AUTH_SENDGRID_KEY.
 */
export default function SendGrid(config: EmailUserConfig): EmailConfig {
  return {
    id: "sendgrid",
    type: "email",
    name: "SendGrid",
    from: defaultFrom,
    maxAge: 24 * 60 * 60,
    async sendVerificationRequest(params: SendVerificationRequestParams) {
      const { identifier, url, provider, theme, code } = params
      const mail = verificationMail({ url, host: new URL(url).host, identifier, code, theme })
      await postMailOverHttps(
        provider,
        "SendGrid",
        "https://api.sendgrid.com/v3/mail/send",
        { Authorization: `Bearer ${provider.apiKey}` },
        {
          personalizations: [{ to: [{ email: identifier }] }],
          from: { email: provider.from },
          subject: mail.subject,
          content: [
            { type: "text/plain", value: mail.text },
            { type: "text/html", value: mail.html },
          ],
        },
      )
    },
    options: config,
  }
}
