/** `npx @gatehouse/cli doctor`: what providers with `tokenRefresh` need to refresh once, and to refresh at all. */
import { tokenRefreshOn } from "../access-token/access-token.js"
import type { ProviderConfig } from "../providers/types.js"
import type { AuthConfig } from "../types.js"
import type { Finding } from "./finding.js"

const accountTokenMethods = ["getAccountByUserId", "updateAccountTokens"] as const

export function checkTokenRefresh(providers: ProviderConfig[], config: AuthConfig, instances: number, findings: Finding[]): void {
  const refreshing = providers.filter(tokenRefreshOn)
  if (refreshing.length === 0) return
  const label = refreshing.map((provider) => provider.id).join(", ")
  const adapter = config.adapter as Record<string, unknown> | undefined
  if (adapter) {
    const missing = accountTokenMethods.filter((name) => typeof adapter[name] !== "function")
    if (missing.length === 0) return
    findings.push({
      level: "error",
      check: "token-refresh-adapter",
      message: `tokenRefresh on ${label}: the adapter lacks ${missing.join(", ")}, so getAccessToken cannot find or store the account's tokens`,
      fix: "Use @gatehouse/adapter-sqlite or @gatehouse/adapter-pg, or add the methods (docs/adapters.md, getAccountByUserId and updateAccountTokens)",
    })
    return
  }
  if (config.session?.strategy !== "database" && instances > 1) {
    findings.push({
      level: "warning",
      check: "token-refresh-per-process",
      message: `tokenRefresh on ${label} with JWT sessions and no adapter: on ${instances} instances two requests may refresh the same token, and a provider that rotates refresh tokens then refuses one`,
      fix: "Configure an adapter (the tokens then live in its account rows, and the instances agree through them)",
    })
  }
}
