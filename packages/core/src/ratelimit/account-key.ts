import { normalizeEmailAddress } from "../email/normalize-email-address.js"
import { readEmailIdentifier } from "../email/read-email-identifier.js"
import type { InternalProvider } from "../config/internal-options.js"
import type { RequestInternal } from "../http/request-internal.js"

/** Longer input is cut before normalizing: it only has to tell accounts apart, not be valid. */
const maxIdentifierLength = 1024

/**
 * The account a request is aimed at, as the rate limiter keys it: the first configured field of
 * the body (POST) or query (GET) that holds a value, folded (NFKC, trimmed, lower-cased) so that
 * `Ada@Example.test`, ` ada@example.test ` and `ada＠example.test` share one budget. For an
 * e-mail provider its own `normalizeIdentifier` decides when it accepts the address, so that
 * every spelling the provider treats as one account is one account here too.
 */
export function accountIdentifier(
  request: RequestInternal,
  fields: readonly string[],
  provider: InternalProvider | undefined,
): string | undefined {
  const source = request.method === "POST" ? request.body : request.query
  if (!source) return undefined
  for (const field of fields) {
    if (!Object.hasOwn(source, field)) continue
    const value = source[field]
    const text = typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined
    if (text === undefined) continue
    const folded = normalizeEmailAddress(text.slice(0, maxIdentifierLength))
    if (!folded) continue
    if (provider?.type === "email") {
      const { identifier } = readEmailIdentifier(text.slice(0, maxIdentifierLength), provider)
      if (identifier) return identifier
    }
    return folded
  }
  return undefined
}
