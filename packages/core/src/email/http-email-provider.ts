import type { EmailConfig, SendVerificationRequestParams } from "../providers/types.js"
import { markBuiltInSender } from "./built-in-sender.js"
import { defaultEmailMaxAge, defaultFrom } from "./email-provider-options.js"
import { postMailOverHttps } from "./post-mail-over-https.js"
import { type AddressedMail, type ProviderTransport, registerProviderTransport } from "./provider-transport.js"
import { verificationMail } from "./verification-mail.js"

/** What an app may set on an e-mail provider backed by a mail API. */
export type HttpEmailUserConfig = Omit<Partial<EmailConfig>, "options" | "type">

/** The sign-in mail (or another flow's), addressed, for a mail API to put into its own JSON shape. */
export type OutgoingMail = AddressedMail

/** What sets one mail API apart from another. */
export interface MailApi {
  id: string
  /** The service's name, also used in its error messages. */
  name: string
  /** Where the mail is POSTed: fixed, or read from the provider's options (region, sender domain). */
  endpoint: string | ((provider: EmailConfig) => string)
  /** How the API key travels. */
  headers(apiKey: string | undefined): Record<string, string>
  /** The request body the API expects: sent as JSON, or as a form when it is `URLSearchParams`. */
  body(mail: OutgoingMail, provider: EmailConfig): unknown
  /** Defaults the service needs besides Auth.js's (for example no code when the app's template shows none). */
  defaults?: Partial<EmailConfig>
}

/**
 * An e-mail provider that sends the sign-in mail (link and code) through a mail API's HTTP
 * endpoint, with Auth.js's defaults: its sender, links valid for 24 hours.
 */
export function httpEmailProvider(api: MailApi, config: HttpEmailUserConfig): EmailConfig {
  const send: ProviderTransport = async (provider, mail) => {
    const endpoint = typeof api.endpoint === "string" ? api.endpoint : api.endpoint(provider)
    await postMailOverHttps(provider, api.name, endpoint, api.headers(provider.apiKey), api.body(mail, provider))
  }
  const provider: EmailConfig = {
    id: api.id,
    type: "email",
    name: api.name,
    from: defaultFrom,
    maxAge: defaultEmailMaxAge,
    ...api.defaults,
    sendVerificationRequest: markBuiltInSender(
      async ({ identifier, url, provider, theme, code, locale }: SendVerificationRequestParams) =>
        send(provider, {
          from: provider.from,
          to: identifier,
          url,
          ...verificationMail({ url, host: new URL(url).host, identifier, code, theme, locale }),
        }),
      "mail-api",
    ),
    options: config,
  }
  // Other flows' mails (passwords) go out through the same API.
  registerProviderTransport(provider.sendVerificationRequest, send)
  return provider
}
