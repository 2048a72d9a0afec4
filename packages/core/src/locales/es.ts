/**
 * `@gatehouse/core/locales/es` — the built-in pages and sign-in mail in Spanish, for `pages.locales`:
 * `pages: { locales: [es] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { PageLocale } from "../pages/page-locale.js"
import { es as messages } from "../pages/locales/es.js"

/** Spanish for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const es: PageLocale = Object.freeze({ lang: "es", messages })
export default es
