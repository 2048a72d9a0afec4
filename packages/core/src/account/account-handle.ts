import type { AdapterAccount } from "../adapters.js"
import { sha256Hex } from "../crypto/sha256-hex.js"

/**
 * The id an account is listed and unlinked by when the user has several at one provider: a one-way
 * handle of its provider and provider account id, so the account page shows no provider's subject
 * identifier, and the same account always has the same handle.
 */
export async function accountHandle(account: Pick<AdapterAccount, "provider" | "providerAccountId">): Promise<string> {
  return (await sha256Hex(`gatehouse-account:${account.provider}:${account.providerAccountId}`)).slice(0, 32)
}
