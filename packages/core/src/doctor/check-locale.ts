import type { AuthConfig } from "../types.js"
import type { Finding } from "./finding.js"

/**
 * A `locale` pinned to a language the pages were not given (`pages.locales`): it falls back to the
 * visitor's Accept-Language, then English, so the pin does nothing. The page languages besides
 * English became opt-in (docs/pages.md); an app that pinned one before must now list it too. A
 * `locale` function is not judged: it may answer anything per request.
 */
export function checkLocale(config: AuthConfig, findings: Finding[]): void {
  const pinned = config.locale
  if (typeof pinned !== "string") return
  const primary = primarySubtag(pinned)
  const listed = Array.isArray(config.pages?.locales) ? config.pages.locales.map((locale) => primarySubtag(String(locale?.lang))) : []
  if (primary === "en" || listed.includes(primary)) return
  findings.push({
    level: "warning",
    check: "locale-not-listed",
    message: `\`locale: "${pinned}"\` names a language the built-in pages were not given, so they follow Accept-Language, then English`,
    fix: `Add it: \`pages: { locales: [${primary}] }\` with \`import ${primary} from "@gatehouse/core/locales/${primary}"\` (docs/pages.md)`,
  })
}

function primarySubtag(tag: string): string {
  return tag.split("-")[0]!.trim().toLowerCase()
}
