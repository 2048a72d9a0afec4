import type { InternalProvider, CredentialInput } from "../providers/types.js"
import { normalizeEmailAddress, readEmailIdentifier } from "../http/email-address.js"
import type { RequestInternal } from "../http/request-internal.js"
import type { RateLimitOptions } from "../types.js"

/**
 * The same cap the e-mail flow puts on what it will read (see readEmailIdentifier): a longer
 * identifier is refused, never cut, so that padding cannot make two requests key differently
 * from how the flow reads them.
 */
export const maxIdentifierLength = 4 * 320

/**
 * What the limiter learns of the account a request is aimed at:
 * - `key`: the account, as the flow itself will read it;
 * - `unreadable`: the provider names its account by a field this request lacks, or holds
 *   something that is not text or is too long. Such a request is refused before `authorize`
 *   runs or a mail goes out: letting it through is how a decoy escaped the per-account budget.
 * - `none`: the provider names no account before it signs in (OAuth, passkeys): per client only.
 */
export type AccountKey = { key: string } | { unreadable: string } | { none: true }

type AccountKeyOptions = Pick<RateLimitOptions, "accountFields" | "accountKey">

/**
 * The account of an attempt, derived from what the provider itself uses to tell accounts apart,
 * never from whichever field happens to be present:
 * - e-mail: the `email` field through the provider's own `readEmailIdentifier` (its
 *   `normalizeIdentifier`, trimming and length limit), so every spelling the flow treats as one
 *   address is one budget, and anything the flow would refuse is refused here;
 * - credentials: `rateLimit.accountKey(request, fields)` when the app gives one; otherwise the
 *   `rateLimit.accountFields`, or the first field the provider declares in `credentials` that is
 *   not a password or another secret. Each value is folded like an address (NFKC, trimmed, lower-cased), so
 *   `Ada`, ` ada ` and `Ａｄａ` share a budget.
 */
export async function accountKeyOf(
  request: Request,
  internal: RequestInternal,
  provider: InternalProvider | undefined,
  options: AccountKeyOptions,
): Promise<AccountKey> {
  const fields: Record<string, unknown> = (internal.method === "POST" ? internal.body : internal.query) ?? {}
  // Passwords key on the address as the flow reads it (sign-up, sign-in, verify, forgot, reset by
  // code). Requests without one (opening a verification link, a reset by link: 256-bit tokens) are
  // limited per client only: one shared budget for them would let anyone block every link.
  if (provider?.type === "password") {
    if (ownValue(fields, "email") === undefined) return { none: true }
    const address = readEmailIdentifier(ownValue(fields, "email"), {})
    return address.problem === undefined ? { key: address.identifier } : { unreadable: `e-mail address: ${address.problem}` }
  }
  if (provider?.type === "email") {
    const address = readEmailIdentifier(ownValue(fields, "email"), provider)
    return address.problem === undefined ? { key: address.identifier } : { unreadable: `e-mail address: ${address.problem}` }
  }
  // Credentials name their account where authorize() runs: the callback.
  if (provider?.type !== "credentials" || internal.action !== "callback") return { none: true }

  if (options.accountKey) {
    const value = await options.accountKey(request, { ...fields })
    const folded = foldIdentifier(value)
    return folded === undefined ? { unreadable: "accountKey(request) gave no account" } : { key: folded }
  }
  const names = options.accountFields ?? identifyingFields(provider.credentials as Record<string, CredentialInput> | undefined)
  if (names.length === 0) return { none: true }
  const parts: string[] = []
  for (const name of names) {
    const folded = foldIdentifier(ownValue(fields, name))
    if (folded === undefined) return { unreadable: `the "${name}" field is missing, not text, empty or too long` }
    parts.push(folded)
  }
  // One field is the common case and keys like an e-mail address, so the two flows share a budget.
  return { key: parts.length === 1 ? parts[0]! : JSON.stringify(parts) }
}

/** Field names that hold a secret, not an account, even when their type is not "password". */
const secretFieldName = /pass|secret|otp|code|token|pin$/i

/**
 * The field that names the account in a credentials form: the first declared one that is neither
 * `type: "password"` nor named like a secret (password, passcode, otp, code, token, pin…), which
 * `password: {}` declarations without a type would otherwise be. Only one, on purpose: a second
 * declared field such as a one-time code is read by `authorize` too, and keying on it would give
 * each guess a budget of its own.
 */
export function identifyingFields(credentials: Record<string, CredentialInput> | undefined): string[] {
  if (!credentials || typeof credentials !== "object") return []
  for (const [name, input] of Object.entries(credentials)) {
    if (input?.type !== "password" && !secretFieldName.test(name)) return [name]
  }
  return []
}

function ownValue(fields: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(fields, name) ? fields[name] : undefined
}

function foldIdentifier(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > maxIdentifierLength) return undefined
  return normalizeEmailAddress(value) || undefined
}
