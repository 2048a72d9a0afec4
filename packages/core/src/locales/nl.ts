/**
 * `@gatehouse/core/locales/nl` — the built-in pages and sign-in mail in Dutch, for `pages.locales`:
 * `pages: { locales: [nl] }`. Opt-in so that apps bundle only the languages they list (docs/pages.md).
 */
import type { PageLocale } from "../pages/page-locale.js"
import { nl as messages } from "../pages/locales/nl.js"

/** Dutch for the built-in pages and the sign-in mail: list it in `pages.locales`. */
export const nl: PageLocale = Object.freeze({ lang: "nl", messages })
export default nl
