import { httpEmailProvider, type HttpEmailUserConfig } from "../email/http-email-provider.js"
import type { EmailConfig } from "./types.js"

export type EmailUserConfig = HttpEmailUserConfig

/**
 * Sign in with a magic link (and code) sent through Resend's HTTP API
 * (`POST https://api.resend.com/emails`). The API key comes from `apiKey` or AUTH_RESEND_KEY.
 */
export default function Resend(config: EmailUserConfig): EmailConfig {
  return httpEmailProvider(
    {
      id: "resend",
      name: "Resend",
      endpoint: "https://api.resend.com/emails",
      headers: (apiKey) => ({ Authorization: `Bearer ${apiKey}` }),
      body: ({ from, to, subject, html, text }) => ({ from, to, subject, html, text }),
    },
    config,
  )
}
