import type { AdapterUser, AdapterAccount } from "../adapters.js"
import type { InternalOptions } from "../providers/types.js"
import { adapterHas, type SignInMethods } from "./sign-in-methods.js"
import type { AccountSummary } from "./account-json.js"
export type { AccountSummary } from "./account-json.js"
import { sha256Hex } from "../crypto/sha256-hex.js"

export async function accountSummary(user: AdapterUser, methods: SignInMethods, options: InternalOptions): Promise<AccountSummary> {
  return {
    user: {
      id: user.id,
      name: user.name ?? null,
      email: user.email ?? null,
      emailVerified: dateOrNull(user.emailVerified),
      image: user.image ?? null,
    },
    accounts: await Promise.all(
      methods.accounts.map(async (account) => ({
        provider: account.provider,
        type: account.type,
        handle: await accountHandle(account),
        linkedAt: dateOrNull(account.linkedAt),
      })),
    ),
    passkeys: methods.passkeys.map((passkey) => ({
      id: passkey.credentialID,
      name: typeof passkey.name === "string" ? passkey.name : null,
      createdAt: dateOrNull(passkey.createdAt),
      lastUsedAt: dateOrNull(passkey.lastUsedAt),
    })),
    password: methods.password,
    emailSignIn: methods.email,
    secondFactor: await secondFactorSummary(user, options),
  }
}

async function secondFactorSummary(user: AdapterUser, options: InternalOptions): Promise<AccountSummary["secondFactor"]> {
  if (!options.secondFactor || !adapterHas(options, "getSecondFactor")) return { available: false, totp: false, backupCodesLeft: 0 }
  const record = await options.adapter!.getSecondFactor(user.id)
  const totp = !!record?.totpSecret
  return { available: true, totp, backupCodesLeft: totp ? (record?.backupCodesLeft ?? 0) : 0 }
}

function dateOrNull(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (typeof value === "string" && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString()
  return null
}

/**
 * The id an account is listed and unlinked by when the user has several at one provider: a one-way
 * handle of its provider and provider account id, so the account page shows no provider's subject
 * identifier, and the same account always has the same handle.
 */
export async function accountHandle(account: Pick<AdapterAccount, "provider" | "providerAccountId">): Promise<string> {
  return (await sha256Hex(`gatehouse-account:${account.provider}:${account.providerAccountId}`)).slice(0, 32)
}
