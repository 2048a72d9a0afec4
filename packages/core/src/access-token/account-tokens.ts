/**
 * Tokens kept in the adapter's account row (database sessions, and JWT sessions with an adapter).
 * Within a process one refresh runs per account (single flight); across instances the claim in
 * the row (refresh-lease.ts) decides which instance calls the provider, and the others read the
 * tokens it stores. A refused refresh clears both tokens in the row: no instance sends that
 * refresh token again, and `GET /session` reports RefreshTokenError.
 */
import type { AdapterAccount } from "../adapters.js"
import type { InternalOptions, InternalProvider } from "../providers/types.js"
import { AccessTokenRefreshError, MissingAdapterMethods, RefreshTokenError } from "../errors.js"
import { emitEvent } from "../config/default-callbacks.js"
import { type AccessToken, accessTokenOf, isFresh, tokenRefreshOn } from "./access-token.js"
import { failureBackoffMs, refreshKey, remember, remembered, singleFlight } from "./in-process.js"
import { type RefreshedTokens, refreshGrant } from "./refresh-grant.js"
import { claimMs, claimValue, readClaim } from "./refresh-lease.js"

/** How often a waiting instance looks again whether the claiming one has stored its tokens. */
const pollMs = 50

/** An account whose refresh was refused: both tokens cleared (access tokens are required in every token answer, so never absent otherwise). */
export function isRefusedAccount(account: Pick<AdapterAccount, "access_token" | "refresh_token">): boolean {
  return !account.access_token && !account.refresh_token
}

export function accessTokenFromAccount(
  account: AdapterAccount,
  provider: InternalProvider<"oauth">,
  options: InternalOptions,
): Promise<AccessToken | null> {
  if (isRefusedAccount(account)) return Promise.resolve(null)
  if (isFresh(account.expires_at)) return Promise.resolve(accessTokenOf(account))
  if (!tokenRefreshOn(provider)) return Promise.resolve(null)
  const flight = `account:${databaseId(options.adapter!)}:${account.provider}:${account.providerAccountId}`
  return singleFlight(flight, () => refreshAccount(account, provider, options))
}

/**
 * Which database an account lives in, for the single-flight key: two configs in one process (two
 * tenants) may each have an account `dev-oidc`/`1`, and must never share a refresh. (A config
 * object rebuilt per request gets a new wrapped adapter each time, so its calls do not share a
 * flight; they still refresh once, as separate instances do: the claim in the row decides.)
 */
const databaseIds = new WeakMap<object, string>()
function databaseId(adapter: object): string {
  let id = databaseIds.get(adapter)
  if (!id) databaseIds.set(adapter, (id = crypto.randomUUID()))
  return id
}

async function refreshAccount(
  first: AdapterAccount,
  provider: InternalProvider<"oauth">,
  options: InternalOptions,
): Promise<AccessToken | null> {
  const adapter = options.adapter!
  if (typeof adapter.updateAccountTokens !== "function") {
    // Refreshing without storing the new tokens would lose a rotated refresh token: refuse to.
    options.logger.error(
      new MissingAdapterMethods("getAccessToken cannot store refreshed tokens: the adapter has no updateAccountTokens", {
        provider: provider.id,
      }),
    )
    return null
  }
  const key = { provider: first.provider, providerAccountId: first.providerAccountId }
  const about = { provider: first.provider, providerAccountId: first.providerAccountId, userId: first.userId }
  let account: AdapterAccount | null = first
  // Waiting on another instance's claim ends when the claim would have run out, and a bit more.
  const giveUpAt = Date.now() + claimMs + 5_000
  for (;;) {
    if (Date.now() > giveUpAt) return null
    if (!account || isRefusedAccount(account)) return null
    if (isFresh(account.expires_at)) return accessTokenOf(account)
    const stored = account.refresh_token
    if (!stored) return null
    const claim = readClaim(stored)
    if (claim && claim.until > Date.now()) {
      // Another instance is refreshing: its tokens will be in the row shortly.
      await new Promise((resolve) => setTimeout(resolve, pollMs))
      account = await adapter.getAccount(key.providerAccountId, key.provider)
      continue
    }
    const refreshToken = claim ? claim.refreshToken : stored
    const memoryKey = await refreshKey(provider.id, refreshToken)
    const known = remembered(memoryKey)
    if (known && "failed" in known) return null
    const mine = claimValue(refreshToken)
    if (!(await adapter.updateAccountTokens(key, stored, { refresh_token: mine }))) {
      // Another instance changed the row first: read what it wrote.
      account = await adapter.getAccount(key.providerAccountId, key.provider)
      continue
    }
    return await refreshClaimed(key, mine, refreshToken, memoryKey, provider, options, about)
  }
}

/** This instance holds the claim: call the provider once and store whatever comes of it. */
async function refreshClaimed(
  key: { provider: string; providerAccountId: string },
  claim: string,
  refreshToken: string,
  memoryKey: string,
  provider: InternalProvider<"oauth">,
  options: InternalOptions,
  about: { provider: string; providerAccountId: string; userId: string },
): Promise<AccessToken | null> {
  const adapter = options.adapter!
  let tokens: RefreshedTokens
  try {
    tokens = await refreshGrant(provider, refreshToken)
  } catch (error) {
    if (error instanceof RefreshTokenError) {
      await adapter.updateAccountTokens(key, claim, { access_token: null, refresh_token: null })
      options.logger.error(error)
      await emitEvent(options, "tokenRefreshFailed", { ...about, error, refused: true })
      return null
    }
    // May pass: hand the refresh token back, and wait a little before anyone here tries again.
    await Promise.resolve(adapter.updateAccountTokens(key, claim, { refresh_token: refreshToken })).catch(() => false)
    remember(memoryKey, { failed: error as Error }, failureBackoffMs)
    const failure = error instanceof AccessTokenRefreshError ? error : new AccessTokenRefreshError(error as Error)
    options.logger.error(failure)
    await emitEvent(options, "tokenRefreshFailed", { ...about, error: failure, refused: false })
    return null
  }
  // The provider may have rotated the refresh token: from here on only the new one is good, so
  // storing it is worth a few tries through a database hiccup.
  await storeWithRetries(() =>
    adapter.updateAccountTokens(key, claim, {
      access_token: tokens.access_token,
      // A provider that does not rotate sends no new refresh token: the old one stays good.
      refresh_token: tokens.refresh_token ?? refreshToken,
      expires_at: tokens.expires_at ?? null,
      ...(tokens.id_token ? { id_token: tokens.id_token } : {}),
      ...(tokens.token_type ? { token_type: tokens.token_type } : {}),
      ...(tokens.scope ? { scope: tokens.scope } : {}),
    }),
  )
  const token = accessTokenOf(tokens)!
  await emitEvent(options, "tokenRefreshed", { ...about, expiresAt: token.expiresAt })
  return token
}

async function storeWithRetries(store: () => unknown): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await store()
      return
    } catch (error) {
      if (attempt >= 3) throw error
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
    }
  }
}
