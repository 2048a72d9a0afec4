/**
 * `@gatehouse/core/locales/fr` — the built-in pages and sign-in mail in French, for `pages.locales`:
 * `pages: { locales: [fr] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { PageLocale } from "../pages/page-locale.js"
import { fr as messages } from "../pages/locales/fr.js"

/** French for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const fr: PageLocale = Object.freeze({ lang: "fr", messages })
export default fr
