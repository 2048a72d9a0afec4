/**
 * `@gatehouse/core/locales/it` — the built-in pages and sign-in mail in Italian, for `pages.locales`:
 * `pages: { locales: [it] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { PageLocale } from "../pages/page-locale.js"
import { it as messages } from "../pages/locales/it.js"

/** Italian for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const it: PageLocale = Object.freeze({ lang: "it", messages })
export default it
