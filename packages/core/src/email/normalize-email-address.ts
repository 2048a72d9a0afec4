/**
 * The default `normalizeIdentifier`: Unicode compatibility folding (NFKC) first, so that look-alike
 * characters such as the full-width "＠" (U+FF20) become what a mailer will see, then trimming and
 * lower-casing. Validation runs on the result (see `emailAddressProblem`): checking before folding
 * is what let a full-width "＠" through as a second "@" (CVE-2026-73420).
 */
export function normalizeEmailAddress(input: string): string {
  return input.normalize("NFKC").trim().toLowerCase()
}
