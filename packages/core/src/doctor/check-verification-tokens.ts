import { verificationTokenRoundTrip } from "../adapters/verification-token-round-trip.js"
import { mergeProvider } from "../config/parse-providers.js"
import { redactUrlsIn } from "../config/redact-url.js"
import type { ProviderConfig } from "../providers/types.js"
import type { AuthConfig } from "../types.js"
import type { Finding } from "./finding.js"

const fix =
  "Make createVerificationToken store the record and useVerificationToken return it and delete it in one step (e.g. DELETE … RETURNING), or use @gatehouse/adapter-sqlite / @gatehouse/adapter-pg"

/**
 * Tries the adapter's verification tokens for real when a configured flow depends on them (e-mail
 * sign-in, passkeys): stores a throwaway record and uses it twice (see
 * adapters/verification-token-round-trip.ts). It writes to the app's database, so only
 * `gatehouse doctor --online` calls it.
 */
export async function checkVerificationTokens(config: AuthConfig): Promise<Finding[]> {
  const adapter = config.adapter
  if (typeof adapter?.createVerificationToken !== "function" || typeof adapter.useVerificationToken !== "function") return []
  let providers: ProviderConfig[]
  try {
    providers = (config.providers ?? []).map(mergeProvider)
  } catch {
    return [] // Reported by diagnoseConfig (provider-invalid).
  }
  const users = providers.filter((provider) => provider.type === "email" || provider.type === "webauthn").map((provider) => provider.id)
  if (users.length === 0) return []
  const label = `The adapter's verification tokens (used by ${users.join(", ")})`
  try {
    const problem = await verificationTokenRoundTrip({
      createVerificationToken: adapter.createVerificationToken.bind(adapter),
      useVerificationToken: adapter.useVerificationToken.bind(adapter),
    })
    if (!problem) return []
    return [{ level: "error", check: "adapter-verification-tokens", message: `${label} do not work: ${problem}`, fix }]
  } catch (error) {
    return [
      {
        level: "warning",
        check: "adapter-verification-tokens",
        message: `${label} could not be tried: ${redactUrlsIn((error as Error).message)}`,
        fix: "Make sure the database is reachable from here and migrated (npx @gatehouse/cli migrate), then run the doctor again",
      },
    ]
  }
}
