/**
 * Where Gatehouse's error and warning reference lives: the repository's docs/errors.md, one heading
 * (and so one anchor) per error type and per warning code. The package ships a copy (the build puts it
 * in dist/docs/), so the path below opens from the app's root in every install, offline and at the
 * version in use. The one place that names the address.
 */
export const errorReferenceUrl = "node_modules/@gatehouse/core/dist/docs/errors.md"

/** `MissingCSRF` → `…/docs/errors.md#missingcsrf`: headings are anchored by their lower-cased text. */
export function errorReferenceLink(typeOrCode: string): string {
  return `${errorReferenceUrl}#${typeOrCode.toLowerCase()}`
}
