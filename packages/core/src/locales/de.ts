/**
 * `@gatehouse/core/locales/de` — the built-in pages and sign-in mail in German, for `pages.locales`:
 * `pages: { locales: [de] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { PageLocale } from "../pages/page-locale.js"
import { de as messages } from "../pages/locales/de.js"

/** German for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const de: PageLocale = Object.freeze({ lang: "de", messages })
export default de
