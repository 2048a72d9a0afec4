/** What an OAuth provider without its own `profile()` / `account()` maps a sign-in to. */
import type { Account, Profile, TokenSet, User } from "../shared-types.js"

/** The standard OIDC claims, read with the usual fallbacks; keys without a value are left out. */
export function defaultProfile(profile: Profile): User {
  return withoutUndefined({
    id: (profile.sub ?? profile.id ?? crypto.randomUUID())?.toString(),
    name: profile.name ?? profile.nickname ?? profile.preferred_username,
    email: profile.email,
    image: profile.picture,
  })
}

const storedTokenFields = ["access_token", "id_token", "refresh_token", "expires_at", "scope", "token_type", "session_state"] as const

/** The token fields an adapter stores with a linked account. */
export function defaultAccount(tokens: TokenSet): Partial<Account> {
  const account: Record<string, unknown> = {}
  for (const field of storedTokenFields) {
    if (tokens[field] !== undefined) account[field] = tokens[field]
  }
  return account as Partial<Account>
}

function withoutUndefined<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T
}
