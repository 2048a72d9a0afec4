import { httpEmailProvider, type HttpEmailUserConfig } from "../email/http-email-provider.js"
import type { EmailConfig } from "./types.js"

export type EmailUserConfig = HttpEmailUserConfig

/**
 * Sign in with a magic link (and code) sent through Forward Email's HTTP API
 * (`POST https://api.forwardemail.net/v1/emails`, the API key as the Basic user name). The key
 * comes from `apiKey` or AUTH_FORWARDEMAIL_KEY.
 */
export default function ForwardEmail(config: EmailUserConfig): EmailConfig {
  return httpEmailProvider(
    {
      id: "forwardemail",
      name: "Forward Email",
      endpoint: "https://api.forwardemail.net/v1/emails",
      headers: (apiKey) => ({ Authorization: `Basic ${btoa(`${apiKey}:`)}` }),
      body: ({ from, to, subject, html, text }) => ({ from, to, subject, html, text }),
    },
    config,
  )
}
