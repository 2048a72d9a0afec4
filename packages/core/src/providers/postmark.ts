import { httpEmailProvider, type HttpEmailUserConfig } from "../email/http-email-provider.js"
import type { EmailConfig } from "./types.js"

export type EmailUserConfig = HttpEmailUserConfig

/**
 * Sign in with a magic link (and code) sent through Postmark's HTTP API
 * (`POST https://api.postmarkapp.com/email`). The server token comes from `apiKey` or
 * AUTH_POSTMARK_KEY.
 */
export default function Postmark(config: EmailUserConfig): EmailConfig {
  return httpEmailProvider(
    {
      id: "postmark",
      name: "Postmark",
      endpoint: "https://api.postmarkapp.com/email",
      headers: (apiKey) => ({ "X-Postmark-Server-Token": apiKey ?? "" }),
      body: (mail) => ({
        From: mail.from,
        To: mail.to,
        Subject: mail.subject,
        TextBody: mail.text,
        HtmlBody: mail.html,
        MessageStream: "outbound",
      }),
    },
    config,
  )
}
