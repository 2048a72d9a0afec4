import { postMailOverHttps } from "../email/post-mail-over-https.js"
import { verificationMail } from "../email/verification-mail.js"
import { defaultFrom } from "./nodemailer.js"
import type { EmailConfig, SendVerificationRequestParams } from "./types.js"

export type EmailUserConfig = Omit<Partial<EmailConfig>, "options" | "type">

/**
 * Sign in with a magic link (and code) sent through Resend's HTTP API
 * (`POST https://api.resend.com/emails`). The API key comes from `apiKey` or AUTH_RESEND_KEY.
 */
export default function Resend(config: EmailUserConfig): EmailConfig {
  return {
    id: "resend",
    type: "email",
    name: "Resend",
    from: defaultFrom,
    maxAge: 24 * 60 * 60,
    async sendVerificationRequest(params: SendVerificationRequestParams) {
      const { identifier, url, provider, theme, code } = params
      const mail = verificationMail({ url, host: new URL(url).host, identifier, code, theme })
      await postMailOverHttps(
        provider,
        "Resend",
        "https://api.resend.com/emails",
        { Authorization: `Bearer ${provider.apiKey}` },
        { from: provider.from, to: identifier, subject: mail.subject, html: mail.html, text: mail.text },
      )
    },
    options: config,
  }
}
