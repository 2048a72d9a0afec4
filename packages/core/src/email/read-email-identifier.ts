import type { EmailConfig } from "../providers/types.js"
import { emailAddressProblem } from "./email-address-problem.js"
import { normalizeEmailAddress } from "./normalize-email-address.js"

export type EmailIdentifier = { identifier: string; problem?: undefined } | { identifier?: undefined; problem: string }

/**
 * The address a user typed, as the provider normalizes it (its own `normalizeIdentifier`, or the
 * default), then validated. A normalizer that throws, or returns something that is not one plain
 * mailbox, gives a problem instead of an identifier: no mail goes out for it.
 */
export function readEmailIdentifier(input: unknown, provider: Pick<EmailConfig, "normalizeIdentifier">): EmailIdentifier {
  if (typeof input !== "string") return { problem: "no e-mail address was given" }
  // Unbounded input would only make normalization slow; anything this long is refused anyway.
  if (input.length > 4 * 320) return { problem: "the address is too long" }
  let identifier: unknown
  try {
    identifier = (provider.normalizeIdentifier ?? normalizeEmailAddress)(input)
  } catch (error) {
    return { problem: `normalizeIdentifier refused the address: ${(error as Error)?.message ?? String(error)}` }
  }
  const problem = emailAddressProblem(identifier)
  return problem ? { problem } : { identifier: identifier as string }
}
