/**
 * `@gatehouse/core/locales/pt` — the built-in pages and sign-in mail in Portuguese, for `pages.locales`:
 * `pages: { locales: [pt] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { PageLocale } from "../pages/page-locale.js"
import { pt as messages } from "../pages/locales/pt.js"

/** Portuguese for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const pt: PageLocale = Object.freeze({ lang: "pt", messages })
export default pt
