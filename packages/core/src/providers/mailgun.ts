import { httpEmailProvider, type HttpEmailUserConfig } from "../email/http-email-provider.js"
import type { EmailConfig } from "./types.js"

export interface EmailUserConfig extends HttpEmailUserConfig {
  /** Where the Mailgun account lives: `api.mailgun.net` (US, the default) or `api.eu.mailgun.net`. */
  region?: "US" | "EU"
}

const servers = { US: "api.mailgun.net", EU: "api.eu.mailgun.net" } as const

/** The sending domain: the part after `@` of the address in `from` ("Site <login@mg.site.test>" → mg.site.test). */
function sendingDomain(from: string | undefined): string {
  const address = from?.match(/<([^<>]+)>\s*$/)?.[1] ?? from ?? ""
  const domain = address.slice(address.lastIndexOf("@") + 1).trim()
  if (!address.includes("@") || !domain) {
    throw new Error(`Mailgun sends from a domain of your account: set \`from\` to an address on it (got ${JSON.stringify(from)})`)
  }
  return domain
}

/**
 * Sign in with a magic link (and code) sent through Mailgun's HTTP API
 * (`POST https://api[.eu].mailgun.net/v3/<domain of from>/messages`, a form, Basic `api:<key>`).
 * The key comes from `apiKey` or AUTH_MAILGUN_KEY.
 */
export default function Mailgun(config: EmailUserConfig): EmailConfig {
  return httpEmailProvider(
    {
      id: "mailgun",
      name: "Mailgun",
      endpoint: (provider) => {
        const region = (provider as EmailUserConfig).region ?? "US"
        return `https://${servers[region] ?? servers.US}/v3/${sendingDomain(provider.from)}/messages`
      },
      headers: (apiKey) => ({ Authorization: `Basic ${btoa(`api:${apiKey}`)}` }),
      body: ({ from, to, subject, html, text }) => new URLSearchParams({ from: from ?? "", to, subject, html, text }),
    },
    config,
  )
}
