/**
 * `@gatehouse/core/locales/de` — the built-in pages and sign-in mail in German, for `pages.locales`:
 * `pages: { locales: [de] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { PageLocale } from "../pages/page-locale.js"
import { de as messages } from "../pages/locales/de.js"

export const de: PageLocale = Object.freeze({ lang: "de", messages })
export default de
