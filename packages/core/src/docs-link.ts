/**
 * Where Gatehouse's error and warning reference lives: the repository's docs/errors.md, one heading
 * (and so one anchor) per error type and per warning code. The package ships a copy (the build puts it
 * in dist/docs/), so the path below opens from the app's root in every install, offline and at the
 * version in use. The one place that names the address.
 */
export const errorReferenceUrl = "node_modules/@gatehouse/core/dist/docs/errors.md"

/**
 * The documentation site to link to instead, when the environment names one: `AUTH_DOCS_URL` (the site
 * `npm run docs:build` makes, wherever it is hosted). Read per link, so a process that sets it late still
 * gets it; runtimes without `process` keep the shipped copy.
 */
function documentationSite(): string | undefined {
  const site = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.AUTH_DOCS_URL
  return site ? site.replace(/\/+$/, "") : undefined
}

/**
 * `MissingCSRF` → `…/docs/errors.md#missingcsrf` (or `<AUTH_DOCS_URL>/reference/errors#missingcsrf`):
 * headings are anchored by their lower-cased text, on GitHub and on the site alike.
 */
export function errorReferenceLink(typeOrCode: string): string {
  const site = documentationSite()
  return `${site ? `${site}/reference/errors` : errorReferenceUrl}#${typeOrCode.toLowerCase()}`
}
