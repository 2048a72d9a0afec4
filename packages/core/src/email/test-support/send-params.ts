import { mergeProvider } from "../../config/parse-providers.js"
import type { EmailConfig, Provider, SendVerificationRequestParams } from "../../providers/types.js"

/** A provider as core would use it (user options merged over its defaults). */
export function resolvedEmailProvider(provider: Provider): EmailConfig {
  return mergeProvider(provider) as EmailConfig
}

/** What core hands `sendVerificationRequest` for one sign-in mail. */
export function sendParams(provider: EmailConfig, overrides: Partial<SendVerificationRequestParams> = {}): SendVerificationRequestParams {
  const identifier = overrides.identifier ?? "ada@example.test"
  const token = "a".repeat(64)
  return {
    identifier,
    token,
    code: "ABCD-EFGH",
    expires: new Date(Date.now() + 60_000),
    url: `https://app.example.test/auth/callback/${provider.id}?${new URLSearchParams({ callbackUrl: "https://app.example.test/", token, email: identifier })}`,
    provider,
    theme: {},
    locale: "en",
    request: new Request("https://app.example.test/auth/signin/" + provider.id, { method: "POST" }),
    ...overrides,
  }
}
