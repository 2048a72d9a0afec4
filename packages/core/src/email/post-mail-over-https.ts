import type { EmailConfig } from "../providers/types.js"
import { envProviderPrefix } from "../config/config-env.js"
import { customFetch } from "../auth-options.js"

/**
 * One POST to a mail API (Resend, Postmark, SendGrid…), through the provider's `customFetch` when
 * it has one: a JSON body, or a form for `URLSearchParams` (Mailgun). Any answer but 2xx throws with the service's reply (cut short), so the sign-in ends
 * with a clear error and its token is discarded.
 */
export async function postMailOverHttps(
  provider: EmailConfig,
  service: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<void> {
  const fetchMail = ((provider as { [customFetch]?: typeof fetch })[customFetch] ?? fetch) as typeof fetch
  if (!provider.apiKey) throw new Error(`${service} needs an API key: set \`apiKey\` or ${envProviderPrefix(provider.id)}_KEY`)
  const form = body instanceof URLSearchParams
  const response = await fetchMail(url, {
    method: "POST",
    headers: { Accept: "application/json", ...(form ? {} : { "Content-Type": "application/json" }), ...headers },
    body: form ? body : JSON.stringify(body),
  })
  if (!response.ok) {
    const reply = (await response.text().catch(() => "")).slice(0, 500)
    throw new Error(`${service} error: ${response.status} ${reply}`)
  }
  // Drain the body so the connection can be reused.
  await response.arrayBuffer().catch(() => undefined)
}
