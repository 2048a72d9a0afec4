import type { Account } from "../shared-types.js"

/** An account's token columns as a database returns them: null where never set. */
export interface StoredAccountTokens {
  access_token: string | null
  refresh_token: string | null
  id_token: string | null
  /** Seconds since the epoch; drivers that read BIGINT as a decimal string hand that over as it is. */
  expires_at: number | string | null
  token_type: string | null
  scope: string | null
  session_state: string | null
}

/**
 * The account record from its required fields and its stored tokens. Token fields that were
 * never set are left out rather than reported as null, as Auth.js does.
 */
export function accountWithStoredTokens(required: AdapterAccount, tokens: StoredAccountTokens): AdapterAccount {
  const account: AdapterAccount = { ...required }
  if (tokens.access_token !== null) account.access_token = tokens.access_token
  if (tokens.refresh_token !== null) account.refresh_token = tokens.refresh_token
  if (tokens.id_token !== null) account.id_token = tokens.id_token
  if (tokens.expires_at !== null) account.expires_at = Number(tokens.expires_at)
  if (tokens.token_type !== null) account.token_type = tokens.token_type as Lowercase<string>
  if (tokens.scope !== null) account.scope = tokens.scope
  if (tokens.session_state !== null) account.session_state = tokens.session_state
  return account
}

/**
 * What kind of sign-in an account row records: an OAuth or OpenID provider, an e-mail address, or a
 * passkey.
 */
export type AdapterAccountType = "oauth" | "oidc" | "email" | "webauthn"

/** One way a user signs in (a provider's account, or a passkey's credential), linked to that user. */
export interface AdapterAccount extends Account {
  userId: string
  type: AdapterAccountType
  /**
   * Beyond Auth.js: when the account was linked, as the adapter recorded it at `linkAccount`; null or
   * absent where the adapter keeps none (an account linked before its schema kept the date).
   */
  linkedAt?: Date | null
}
