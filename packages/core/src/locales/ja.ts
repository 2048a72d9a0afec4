/**
 * `@gatehouse/core/locales/ja` — the built-in pages and sign-in mail in Japanese, for `pages.locales`:
 * `pages: { locales: [ja] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { PageLocale } from "../pages/page-locale.js"
import { ja as messages } from "../pages/locales/ja.js"

/** Japanese for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const ja: PageLocale = Object.freeze({ lang: "ja", messages })
export default ja
