/**
 * A sign-in with an account that is already linked. Auth.js leaves the account's stored tokens as
 * they were; for a provider with `tokenRefresh` the new ones replace them, so that signing in again
 * after a refused refresh (both tokens cleared) gives `getAccessToken` something to hand out.
 */
import type { InternalOptions } from "../providers/types.js"
import type { Account } from "../shared-types.js"
import { tokenRefreshOn } from "./access-token.js"

export async function storeSignInTokens(account: Account, options: InternalOptions): Promise<void> {
  const adapter = options.adapter
  if (!tokenRefreshOn(options.provider) || typeof adapter?.updateAccountTokens !== "function") return
  if (typeof account.access_token !== "string") return
  const key = { provider: account.provider, providerAccountId: account.providerAccountId }
  const tokens = {
    access_token: account.access_token,
    refresh_token: typeof account.refresh_token === "string" ? account.refresh_token : null,
    expires_at: typeof account.expires_at === "number" ? account.expires_at : null,
    ...(typeof account.id_token === "string" ? { id_token: account.id_token } : {}),
    ...(typeof account.token_type === "string" ? { token_type: account.token_type } : {}),
    ...(typeof account.scope === "string" ? { scope: account.scope } : {}),
  }
  // A swap from whatever is stored now; a refresh finishing at the same moment may change it once more.
  for (let attempt = 0; attempt < 3; attempt++) {
    const stored = await adapter.getAccount(key.providerAccountId, key.provider)
    if (!stored) return
    if (await adapter.updateAccountTokens(key, stored.refresh_token ?? null, tokens)) return
  }
}
