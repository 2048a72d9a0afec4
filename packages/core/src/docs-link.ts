/**
 * Where Gatehouse's error and warning reference lives: docs/errors.md of the repository, one heading
 * (and so one anchor) per error type and per warning code. The one place that names the address.
 */
export const errorReferenceUrl = "https://github.com/gatehouse-auth/gatehouse/blob/main/docs/errors.md"

/** `MissingCSRF` → `…/docs/errors.md#missingcsrf`: headings are anchored by their lower-cased text. */
export function errorReferenceLink(typeOrCode: string): string {
  return `${errorReferenceUrl}#${typeOrCode.toLowerCase()}`
}
