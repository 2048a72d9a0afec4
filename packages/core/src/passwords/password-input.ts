import type { AdapterUser } from "../adapters.js"
import { readEmailIdentifier } from "../http/email-address.js"
import type { Account } from "../shared-types.js"
import type { PasswordConfig } from "../providers/types.js"

/** Longer input is not a password anyone typed: refused before any hashing (scrypt of megabytes is a cost). */
const maxPasswordInput = 4096

/** The address in a form, read as every password flow reads it (NFKC, trimmed, lower-cased, checked), or undefined. */
export function readAddress(value: unknown): string | undefined {
  const read = readEmailIdentifier(value, {})
  return read.problem === undefined ? read.identifier : undefined
}

/** A password field as text, or undefined when it is missing or absurdly long. */
export function readPasswordField(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 && value.length <= maxPasswordInput ? value : undefined
}

/** The account a password sign-in hands the gate: the provider, keyed by the user it signs in. No account row is stored. */
export function passwordAccount(user: AdapterUser, provider: Pick<PasswordConfig, "id">): Account {
  return { provider: provider.id, providerAccountId: user.id, type: "password" }
}
