import { postMailOverHttps } from "../email/post-mail-over-https.js"
import { verificationMail } from "../email/verification-mail.js"
import { defaultFrom } from "./nodemailer.js"
import type { EmailConfig, SendVerificationRequestParams } from "./types.js"

export type EmailUserConfig = Omit<Partial<EmailConfig>, "options" | "type">

/**
 * Sign in with a magic link (and code) sent through Postmark's HTTP API
 * (`POST https://api.postmarkapp.com/email`). The server token comes from `apiKey` or
 * AUTH_POSTMARK_KEY.
 */
export default function Postmark(config: EmailUserConfig): EmailConfig {
  return {
    id: "postmark",
    type: "email",
    name: "Postmark",
    from: defaultFrom,
    maxAge: 24 * 60 * 60,
    async sendVerificationRequest(params: SendVerificationRequestParams) {
      const { identifier, url, provider, theme, code } = params
      const mail = verificationMail({ url, host: new URL(url).host, identifier, code, theme })
      await postMailOverHttps(
        provider,
        "Postmark",
        "https://api.postmarkapp.com/email",
        { "X-Postmark-Server-Token": provider.apiKey ?? "" },
        {
          From: provider.from,
          To: identifier,
          Subject: mail.subject,
          TextBody: mail.text,
          HtmlBody: mail.html,
          MessageStream: "outbound",
        },
      )
    },
    options: config,
  }
}
